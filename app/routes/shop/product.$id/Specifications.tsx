import type { SpecGroupRows } from "~/features/catalogue";

/** The product's specification, a table per group under its heading (formatted by the loader); none without one. */
export function Specifications({ groups }: { groups: SpecGroupRows[] }) {
  if (groups.length === 0) return null;
  return (
    <section className="product-section specifications" aria-labelledby="specs-heading">
      <h2 id="specs-heading">Specifications</h2>
      <div className="spec-groups">
        {groups.map(({ group, rows }, index) => (
          <div key={group}>
            <h3 id={`spec-group-${index}`}>{group}</h3>
            <table aria-labelledby={`spec-group-${index}`}>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.code}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
