import type { OrderDetail } from '@nzeta/domain';
import { answer, isYes } from '../format';
import { type DetailItem, DetailList } from './detail-list';
import { Section } from './section';

/** Character and health questions; the two sentence follow-ups only after 'yes' to any offence. */
export function EligibilitySection({ order }: { order: OrderDetail }) {
  const items: DetailItem[] = [
    { label: 'Medical consultation or treatment', value: answer(order.medical_consultation) },
    { label: 'Deported from another country', value: answer(order.another_country) },
    { label: 'Prohibited from entering a country', value: answer(order.prohibited_from_entering) },
    { label: 'Convicted of any offence', value: answer(order.any_offence) },
  ];
  if (isYes(order.any_offence)) {
    items.push(
      { label: 'Sentenced to five years or more', value: answer(order.more_imprisonment) },
      { label: 'Sentenced to 12 months or more in the last 10 years', value: answer(order.convicted_of_an_offence) },
    );
  }
  return (
    <Section id="eligibility" title="Eligibility questions">
      <DetailList items={items} />
    </Section>
  );
}
