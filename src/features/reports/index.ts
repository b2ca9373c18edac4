export { ReportButton } from './report-button';
export { ReportDialog } from './report-dialog';
