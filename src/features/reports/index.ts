export { ChangeMethodHelp } from './change-method';
export { ReportButton } from './report-button';
export { ReportDialog } from './report-dialog';
export { ResultsOverTime } from './results-over-time';
