import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startApp } from './app/start';

const root = document.getElementById('root');
if (root) void startApp(root);
