import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startApp } from './app/start';

const root = document.getElementById('root');
// browser-check.js found this browser unsupported and is already taking it to the not-supported page.
if (root && !window.cgmUnsupportedBrowser) void startApp(root);
