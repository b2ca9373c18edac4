// Issue 18 and 32: an order handed to the patient's own phone, as a QR code on screen or a printed letter.
import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AssessmentOrder, HandoffResult } from '#common/contract';
import { providerServiceQueries } from '../../shared/api/provider-service-queries';
import { useHttp } from '../../shared/api/http-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { formatDisplayDate } from '#common/display-format';
import { useFormatters } from '../../shared/lib/i18n/format';
import { fallbackLanguage, toInterfaceLanguage } from '#common/languages';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { Notice } from '../../shared/ui';
import { isNothingSent, WriteButton } from '../../shared/ui/offline';
import { useHandoff } from './api';

export type HandoffKind = 'QR' | 'LETTER';

/** A link drawn as a QR code, with what the letter prints beside it. */
export interface ShownHandoff {
  result: HandoffResult;
  qr: string;
  /** The clinic's number for the patient, '' when it has none or it could not be read. */
  contactPhone: string;
  printing: boolean;
}

/**
 * The hand-over of one order: asks the server for a link of its own, draws its QR code and, for a letter, reads the
 * clinic's phone number and prints once the letter is in the page.
 */
export function useHandoffState(order: AssessmentOrder) {
  const handoff = useHandoff();
  const queryClient = useQueryClient();
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const [shown, setShown] = useState<ShownHandoff | null>(null);

  async function show(kind: HandoffKind): Promise<void> {
    const result = await handoff.mutateAsync({ orderId: order.id, kind });
    // The QR library is read only when a code is drawn, not with every list that shows an order's progress.
    const { default: QRCode } = await import('qrcode');
    const qr = await QRCode.toDataURL(result.link, { width: 480, margin: 2, errorCorrectionLevel: 'M' });
    // The letter names the number to call; without it (an API of the spec's shape, a failed read) it says whom.
    const contactPhone =
      kind === 'LETTER'
        ? await queryClient
            .query(providerServiceQueries.detail(http, product, order.providerService.id))
            .then((service) => service.contactPhone ?? '')
            .catch(() => '')
        : '';
    setShown({ result, qr, contactPhone, printing: kind === 'LETTER' });
  }

  useEffect(() => {
    if (!shown?.printing) return;
    // The letter's portal is in the page now; print once the browser has laid it out.
    const frame = requestAnimationFrame(() => {
      window.print();
      setShown((current) => (current ? { ...current, printing: false } : current));
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [shown?.printing]);

  return {
    shown,
    show: (kind: HandoffKind) => show(kind).catch(() => undefined),
    pending: handoff.isPending,
    error: handoff.error,
    close: () => {
      setShown(null);
      handoff.reset();
    },
  };
}

export type HandoffState = ReturnType<typeof useHandoffState>;

/** The two ways to hand an order over, among the order's actions. */
export function HandoffButtons({ handoff, focusFirst }: { handoff: HandoffState; focusFirst: boolean }) {
  const { t } = useTranslation('orders');
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Back from the QR code: the person goes on where they left.
    if (focusFirst) group.current?.querySelector('button')?.focus();
  }, [focusFirst]);
  return (
    <Group ref={group} gap="sm">
      <WriteButton variant="default" loading={handoff.pending} onClick={() => void handoff.show('QR')}>
        {t('followUp.showQr')}
      </WriteButton>
      <WriteButton variant="default" onClick={() => void handoff.show('LETTER')}>
        {t('followUp.printLetter')}
      </WriteButton>
    </Group>
  );
}

/**
 * Issue 32: the QR code alone in the dialog, at its top, so it is in view without scrolling on a laptop, a tablet
 * or a phone; the patient scans it there. The letter (printed only) goes with it.
 */
export function HandoffView({
  order,
  handoff,
  shown,
  patientLanguage,
  onBack,
}: {
  order: AssessmentOrder;
  handoff: HandoffState;
  shown: ShownHandoff;
  patientLanguage: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('orders');
  const { formatDate } = useFormatters();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="sm" align="center">
      <Title ref={heading} order={3} size="h4" ta="center" tabIndex={-1}>
        {t('handoff.title', { name: order.patient.name })}
      </Title>
      <Image
        src={shown.qr}
        alt={t('followUp.qrAlt')}
        // Square, as large as the screen allows beside the dialog's title and this text.
        w="min(300px, 100%, 45dvh)"
        h="auto"
        style={{ aspectRatio: '1 / 1' }}
      />
      <Text ta="center">{t('followUp.qrHint', { date: formatDate(shown.result.linkExpiresOn) })}</Text>
      <Text size="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
        {shown.result.link}
      </Text>
      <Group gap="sm" justify="center">
        <Button variant="default" onClick={onBack}>
          {t('handoff.back')}
        </Button>
        <WriteButton variant="default" loading={handoff.pending} onClick={() => void handoff.show('LETTER')}>
          {t('followUp.printLetter')}
        </WriteButton>
      </Group>
      {handoff.error !== null && (
        <Notice tone="error" error={handoff.error}>
          {isNothingSent(handoff.error) ? t('common:ERROR_OFFLINE_NOTHING_SENT') : t('followUp.actionFailed')}
        </Notice>
      )}
      <Letter
        order={order}
        handoff={shown.result}
        qr={shown.qr}
        contactPhone={shown.contactPhone}
        language={patientLanguage}
      />
    </Stack>
  );
}

/**
 * The printed letter, in the patient's language: whom it is for, the clinic, the test and the time it takes, where
 * to open the link, the link and its QR code, its expiry, and the clinic's number to call.
 */
function Letter({
  order,
  handoff,
  qr,
  contactPhone,
  language,
}: {
  order: AssessmentOrder;
  handoff: HandoffResult;
  qr: string;
  contactPhone: string;
  language: string;
}) {
  const { i18n } = useTranslation();
  const letterLanguage = toInterfaceLanguage(language) ?? fallbackLanguage;
  const [ready, setReady] = useState(i18n.hasResourceBundle(letterLanguage, 'orders'));
  useEffect(() => {
    if (ready) return;
    void i18n.loadLanguages(letterLanguage).then(() => {
      setReady(true);
    });
  }, [i18n, letterLanguage, ready]);
  if (!ready) return null;
  const t = i18n.getFixedT(letterLanguage, 'orders');
  return createPortal(
    <section className="cgm-print-letter" lang={letterLanguage} aria-label={t('letter.title')}>
      <h1>{t('letter.title')}</h1>
      <p>{t('letter.greeting', { name: order.patient.name })}</p>
      <p>{t('letter.clinic', { clinic: providerServiceName(order.providerService) })}</p>
      <p>{t('letter.what', { minutes: handoff.estimatedMinutes })}</p>
      <p>{t('letter.how')}</p>
      <p className="cgm-print-letter-link">{handoff.link}</p>
      <img src={qr} alt={t('letter.qrAlt')} width={240} height={240} />
      <p>{t('letter.expires', { date: formatDisplayDate(handoff.linkExpiresOn, letterLanguage) })}</p>
      <p>{contactPhone === '' ? t('letter.help') : t('letter.helpPhone', { phone: contactPhone })}</p>
    </section>,
    document.body,
  );
}
