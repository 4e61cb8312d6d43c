import { formatTelephone, type OrderDetail, orDash } from '@nzeta/domain';
import { answer, dateOfParts } from '../format';
import { DetailList } from './detail-list';
import { Section } from './section';

/** Who travels: names (with other names as a list), birth, identity and contact details. */
export function TravellerDetailsSection({ order }: { order: OrderDetail }) {
  return (
    <Section id="traveller-details" title="Traveller details">
      <DetailList
        items={[
          { label: 'Last name', value: orDash(order.last_name) },
          { label: 'First name', value: orDash(order.first_name) },
          { label: 'Known by other names', value: answer(order.different_name) },
          { label: 'Other names', value: <OtherNames order={order} /> },
          { label: 'Sex', value: orDash(order.gender) },
          { label: 'Date of birth', value: dateOfParts(order.birth_date, order.birth_month, order.birth_year) },
          { label: 'Place of birth', value: orDash(order.place_of_birth) },
          { label: 'Territory of birth', value: orDash(order.territory_of_birth) },
          { label: 'National identity number', value: orDash(order.national_identity_number) },
          { label: 'E-mail', value: <span className="text-break">{orDash(order.email)}</span> },
          { label: 'Confirm e-mail', value: <span className="text-break">{orDash(order.confirm_email)}</span> },
          { label: 'Phone number', value: formatTelephone(order.country_code, order.phone_number) },
          { label: 'Australian permanent resident', value: answer(order.australian_permanent_resident_two) },
          { label: 'Staying in New Zealand', value: answer(order.stayind_in_new_zealand) },
        ]}
      />
    </Section>
  );
}

function OtherNames({ order }: { order: OrderDetail }) {
  const names = order.otherNames
    .map((n) => [n.different_first_name, n.different_last_name].filter(Boolean).join(' '))
    .filter(Boolean);
  if (!names.length) return <>-</>;
  return (
    <ul className="other-names">
      {names.map((name, index) => (
        // Two other names may be spelled the same; the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={index}>{name}</li>
      ))}
    </ul>
  );
}
