export { CountryReportPage } from './components/country-report-page';
export { DisputeReportPage } from './components/dispute-report-page';
export { ProcessedReportPage } from './components/processed-report-page';
