import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/goods';
import { audit } from '../../audit';
import { queryRows } from '../../db/query';
import { defineRoute } from '../../http/route';
import { notFound, requireVersion, staleVersion, throwProblems } from './errors';
import { contains, where } from './product-list';
import { missingIds } from './sql-helpers';
import { attributeSpecs, attributeTypes } from './tables';

const typeTarget = (id: number) => `attributeType:${id}`;
const specTarget = (id: number) => `attributeSpec:${id}`;

/** Locks a row of the site for an update or delete and checks the loaded version. */
async function lockVersioned(
  db: Parameters<typeof queryRows>[0],
  table: 'attribute_types' | 'attribute_specs',
  siteId: number,
  id: number,
  version: number | undefined,
  missingKey: string,
): Promise<void> {
  const expected = requireVersion(version);
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`select version from ${sql.identifier(table)} where id = ${id} and site_id = ${siteId} for update`,
  );
  if (!row) throw notFound(missingKey, id);
  if (row.version !== expected) throw staleVersion();
}

export const attributeRoutes = [
  defineRoute(goods.getAttributeTypes, async ({ db, session, input }) => {
    const conditions: SQL[] = [sql`t.site_id = ${session.siteId}`];
    if (input.keyword) conditions.push(contains(sql`t.name`, input.keyword));
    const rows = await queryRows<{
      id: number;
      name: string;
      sort: number;
      version: number;
      spec_names: string[];
    }>(
      db,
      sql`select t.id, t.name, t.sort, t.version,
            coalesce((select json_agg(s.name order by s.sort, s.id) from attribute_specs s where s.type_id = t.id),
                     '[]'::json) as spec_names
          from attribute_types t where ${where(conditions)} order by t.sort, t.id`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Sort: row.sort,
        Version: row.version,
        SpecNames: row.spec_names,
      })),
    };
  }),

  defineRoute(goods.getAttributeSpecs, async ({ db, session, input }) => {
    const [missing] = await missingIds(db, 'attribute_types', session.siteId, [input.typeId]);
    if (missing !== undefined) throw notFound('product.attributeTypeNotFound', missing, 'typeId');
    const rows = await queryRows<{
      id: number;
      type_id: number;
      name: string;
      values: string[];
      sort: number;
      version: number;
    }>(
      db,
      sql`select id, type_id, name, "values", sort, version from attribute_specs
           where type_id = ${input.typeId} and site_id = ${session.siteId} order by sort, id`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        TypeId: row.type_id,
        Name: row.name,
        Values: row.values,
        Sort: row.sort,
        Version: row.version,
      })),
    };
  }),

  defineRoute(goods.saveAttributeType, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      if (input.Action === 'delete') {
        await lockVersioned(
          tx,
          'attribute_types',
          session.siteId,
          input.Id,
          input.Version,
          'product.attributeTypeNotFound',
        );
        await tx.execute(sql`delete from attribute_types where id = ${input.Id}`);
        await audit(tx, session, 'attributeType.delete', typeTarget(input.Id));
        return { Id: input.Id, Version: input.Version };
      }
      if (input.Id === undefined) {
        const [created] = await tx
          .insert(attributeTypes)
          .values({ siteId: session.siteId, name: input.Name, sort: input.Sort })
          .returning({ id: attributeTypes.id, version: attributeTypes.version });
        await audit(tx, session, 'attributeType.create', typeTarget(created!.id), { name: input.Name });
        return { Id: created!.id, Version: created!.version };
      }
      await lockVersioned(
        tx,
        'attribute_types',
        session.siteId,
        input.Id,
        input.Version,
        'product.attributeTypeNotFound',
      );
      const [updated] = await queryRows<{ version: number }>(
        tx,
        sql`update attribute_types set name = ${input.Name}, sort = ${input.Sort}, version = version + 1, updated_at = now()
             where id = ${input.Id} returning version`,
      );
      await audit(tx, session, 'attributeType.update', typeTarget(input.Id), { name: input.Name });
      return { Id: input.Id, Version: updated!.version };
    }),
  ),

  defineRoute(goods.saveAttributeSpec, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      if (input.Action === 'delete') {
        await lockVersioned(
          tx,
          'attribute_specs',
          session.siteId,
          input.Id,
          input.Version,
          'product.attributeSpecNotFound',
        );
        await tx.execute(sql`delete from attribute_specs where id = ${input.Id}`);
        await audit(tx, session, 'attributeSpec.delete', specTarget(input.Id));
        return { Id: input.Id, Version: input.Version };
      }
      throwProblems(
        goods
          .productFormProblems({ Specs: [{ Name: input.Name, Values: input.Values }], Skus: [] })
          .map((problem) => ({ ...problem, field: 'Values' })),
      );
      const [missingType] = await missingIds(tx, 'attribute_types', session.siteId, [input.TypeId]);
      if (missingType !== undefined) throw notFound('product.attributeTypeNotFound', missingType, 'TypeId');
      if (input.Id === undefined) {
        const [created] = await tx
          .insert(attributeSpecs)
          .values({
            siteId: session.siteId,
            typeId: input.TypeId,
            name: input.Name,
            values: input.Values,
            sort: input.Sort,
          })
          .returning({ id: attributeSpecs.id, version: attributeSpecs.version });
        await audit(tx, session, 'attributeSpec.create', specTarget(created!.id), {
          name: input.Name,
          values: input.Values,
        });
        return { Id: created!.id, Version: created!.version };
      }
      await lockVersioned(
        tx,
        'attribute_specs',
        session.siteId,
        input.Id,
        input.Version,
        'product.attributeSpecNotFound',
      );
      const [updated] = await queryRows<{ version: number }>(
        tx,
        sql`update attribute_specs set type_id = ${input.TypeId}, name = ${input.Name},
              "values" = ${JSON.stringify(input.Values)}::jsonb, sort = ${input.Sort}, version = version + 1, updated_at = now()
            where id = ${input.Id} returning version`,
      );
      await audit(tx, session, 'attributeSpec.update', specTarget(input.Id), {
        name: input.Name,
        values: input.Values,
      });
      return { Id: input.Id, Version: updated!.version };
    }),
  ),
];
