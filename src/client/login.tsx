// The sign-in page's own entry (decision 851), like the landing page's (decision 804): a full load of
// /login hydrates the page prerendered at build time with React, its Mantine components and the sign-in
// forms, without the app's router and route table. After signing in it loads the next page in full; in
// the app (a link from another page, or /login with a query: the shell) LoginPage is a route as before.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { hydrateRoot } from 'react-dom/client';
import { LoginRoot } from './LoginRoot';
import { applyDeferredStyles } from './lib/deferredStyles';

applyDeferredStyles();
hydrateRoot(document.getElementById('root')!, <LoginRoot />);
