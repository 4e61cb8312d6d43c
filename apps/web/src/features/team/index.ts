export { ManageTeamPage } from './components/manage-team-page';
