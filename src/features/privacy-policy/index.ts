export { PrivacyPolicyGate } from './privacy-policy-gate';
export { usePatientPrivacyNoticeUrl } from './api';
export { type PolicyLoader, type PolicyDocument } from './pdf-document';
export { PolicyText } from './policy-text';
