/** The options of a store select: "none" first, then the site's stores by title. */
export function StoreOptions({
  stores,
  noneLabel,
}: {
  stores: { Id: number; Title: string }[];
  noneLabel: string;
}) {
  return (
    <>
      <option value="">{noneLabel}</option>
      {stores.map((store) => (
        <option key={store.Id} value={store.Id}>
          {store.Title}
        </option>
      ))}
    </>
  );
}
