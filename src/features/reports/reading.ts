import type { TFunction } from 'i18next';
import type { ComparisonCaveat, DeviceClass, ScoredTest, TaskFlag, TestSetting } from '#common/contract';
import { invalidReasons, type CompositeReading } from '#common/scoring';

/**
 * Issue 33: one wording of a result's flag, its caveats and its validity for every place that shows them (the chart,
 * its table, the Results tab, the patient's summary), so a flag never appears without what qualifies it.
 */

/** "Reliable decline", "Reliable improvement", or null when there is no flag to show. */
export function flagText(t: TFunction<'reports'>, reading: CompositeReading): string | null {
  const reliable = reading.change?.reliableChange;
  if (reliable === 'decline') return t('reading.flag.decline');
  if (reliable === 'improvement') return t('reading.flag.improvement');
  return null;
}

const settingText = (t: TFunction<'reports'>, setting: TestSetting) => t(`reading.setting.${setting}`);
const deviceText = (t: TFunction<'reports'>, device: DeviceClass) => t(`reading.device.${device}`);

/**
 * The caveat that stands beside a change when the test and its baseline differ in setting or device, in words:
 * "Taken at home on a phone; baseline in the clinic on a tablet." Null when they are comparable (or not compared).
 */
export function caveatText(
  t: TFunction<'reports'>,
  test: ScoredTest,
  caveats: readonly ComparisonCaveat[],
): string | null {
  const comparison = test.comparison;
  if (!comparison || caveats.length === 0) return null;
  return t('reading.caveat', {
    setting: settingText(t, test.score.setting),
    device: deviceText(t, test.score.deviceClass),
    baselineSetting: settingText(t, comparison.baselineSetting),
    baselineDevice: deviceText(t, comparison.baselineDeviceClass),
  });
}

/** Why a test is not valid, in words, one sentence per task: "One back: too few answers." Empty for a valid test. */
export function invalidReasonTexts(t: TFunction<'reports'>, test: Pick<ScoredTest, 'score'>): string[] {
  return invalidReasons(test).map(({ task, flags }) =>
    t('reading.invalidReason', {
      task: t(`reading.tasks.${task}`),
      reasons: flags.map((flag: TaskFlag) => t(`reading.taskFlags.${flag}`)).join(t('reading.listSeparator')),
    }),
  );
}
