import { startS3Double } from './src/server/testing/s3-double';
const s3 = await startS3Double('dinohunt-manual');
console.log(JSON.stringify(s3));
setInterval(() => {}, 1000);
