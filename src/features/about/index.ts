export { AboutLayout } from './about-layout';
export { AboutIndexPage, AboutIndexSectionPage, AboutOverviewPage, WhoWeArePage } from './about-pages';
export { ContactPage } from './contact-page';
export { LicensesPage } from './licenses-page';
