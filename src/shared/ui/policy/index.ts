export { PolicyText } from './policy-text';
export { PolicyLoading } from './policy-states';
export { usePatientPrivacyNoticeUrl } from './queries';
export { loadPdfPolicy, type PolicyDocument, type PolicyLoader } from './pdf-document';
