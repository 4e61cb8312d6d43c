import { type OrderDetail, orDash } from '@nzeta/domain';
import { answer, dateOfParts } from '../format';
import { type DetailItem, DetailList } from './detail-list';
import { Section } from './section';

/** The first step of the application: passport and travel answers (SPEC §2.13). */
export function StartApplicationSection({ order }: { order: OrderDetail }) {
  const items: DetailItem[] = [
    { label: 'Nationality', value: orDash(order.nationality) },
    { label: 'Issuing country', value: orDash(order.issuing_country) },
    { label: 'Passport number', value: orDash(order.passport_number) },
  ];
  // The spec shows the expiry date only beside an Australian-permanent-resident answer.
  if (order.australian_permanent_resident) {
    items.push({
      label: 'Passport expiry date',
      value: dateOfParts(order.expiry_date, order.expiry_month, order.expiry_year),
    });
  }
  items.push(
    { label: 'Australian permanent resident', value: answer(order.australian_permanent_resident) },
    { label: 'Travelling by cruise or cargo ship', value: answer(order.travelling_to_new_zealand) },
    { label: 'Transit passenger', value: answer(order.transit_passenger_passing) },
  );
  return (
    <Section id="start-application" title="Start Application">
      <DetailList items={items} />
    </Section>
  );
}
