export { CountryReportPage } from './components/country-report-page';
export { ProcessedReportPage } from './components/processed-report-page';
