export { PrivacyPolicyGate } from './privacy-policy-gate';
export { usePatientPrivacyNoticeUrl } from './api';
export { loadPdfPolicy, type PolicyLoader, type PolicyDocument } from './pdf-document';
export { PolicyViewer } from './policy-viewer';
