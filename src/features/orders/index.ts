export { PatientOrdersSection } from './patient-orders-section';
export { OpenOrders } from './open-orders';
export { FollowUpOrders } from './follow-up-list';
export { TodayInClinic } from './today-in-clinic';
export { useMassOrderSelection } from './mass-order';
export { NewAssessmentDialog } from './new-assessment-dialog';
export { orderQueries } from './api';
export { useOrderText } from '../../shared/lib/i18n/order-text';
