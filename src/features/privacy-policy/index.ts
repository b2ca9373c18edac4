export { PrivacyPolicyGate } from './privacy-policy-gate';
