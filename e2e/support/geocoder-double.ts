// A local stand-in for a Nominatim-compatible geocoder (decision 815): the e2e server's
// GEOCODER_URL points here, so no test ever asks the public Nominatim. Answers
// /search?q=...&format=jsonv2 from the fixed places below (matched by a word of the query).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const DOUBLE_PLACES = {
  fontaine: {
    display_name: 'Parc La Fontaine, Plateau-Mont-Royal, Montréal, Québec, Canada',
    lat: '45.5271',
    lon: '-73.5697',
    boundingbox: ['45.5225', '45.5318', '-73.5745', '-73.5650'],
  },
  hyde: {
    display_name: 'Hyde Park, City of Westminster, London, England',
    lat: '51.5073',
    lon: '-0.1657',
    boundingbox: ['51.5025', '51.5115', '-0.1750', '-0.1550'],
  },
} as const;

export async function startGeocoderDouble(): Promise<string> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const places = url.pathname === '/search' ? Object.entries(DOUBLE_PLACES).filter(([word]) => q.includes(word)).map(([, p]) => p) : [];
    res.writeHead(url.pathname === '/search' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
