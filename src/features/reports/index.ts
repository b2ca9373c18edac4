export { ChangeMethodHelp } from './change-method';
export { ReportButton } from './report-button';
export { ReportDialog } from './report-dialog';
export { ResultsOverTime } from './results-over-time';
export { LatestResultSummary } from './results-summary-latest';
export { ResultsSummaryList } from './results-summary-list';
