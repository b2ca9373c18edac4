export { PolicyText } from './policy-text';
export { usePatientPrivacyNoticeUrl } from './queries';
export { loadPdfPolicy, type PolicyDocument, type PolicyLoader } from './pdf-document';
