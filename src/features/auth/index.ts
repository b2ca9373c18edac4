export { HomeGate } from './home-gate';
export { LogoutPage } from './logout-page';
