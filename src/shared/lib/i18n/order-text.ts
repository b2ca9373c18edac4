import { useTranslation } from 'react-i18next';
import type { AssessmentOrderTypeId, OrderStatusId } from '#common/contract';

/**
 * The names an order shows in the person's language: order types (spec §9 'Out-Of-Clinic', 'In-Clinic'), batteries
 * (falling back to the server's name, else the code, for one this client does not know) and statuses. Field messages are keys of
 * the orders namespace (the order rules) or the shared ones of common ('{field} should be valid'). Shared, not in the
 * orders feature, because the patient's begin page shows a battery's name too and must not download the staff
 * pages' code for it.
 */
export function useOrderText() {
  const { t } = useTranslation('orders');
  return {
    orderType: (id: AssessmentOrderTypeId) => t(`orderType.${id}`),
    // Issue 37: an API of spec §3's shape names a provider service's batteries by code only.
    battery: (code: string, serverName: string | undefined) =>
      t(`battery.${code}`, { defaultValue: serverName ?? code }),
    status: (id: OrderStatusId) => t(`status.${id}`),
    fieldMessage: (key: string, label: string): string => t(key, { ns: ['orders', 'common'], field: label }),
  };
}
