-- Freight templates move to the rules of contract/freight.ts (issue 15 §2), pricing every existing
-- template as before: `free` ships free; `perItem` charges firstFen for the first piece and nextFen
-- for each further one; `region` charges baseFen, plus remoteFen to the provinces it called remote,
-- which become one region rule. Amounts that were not whole, non-negative fen counted as 0, as the
-- old freight function read them; unknown shapes shipped free and still do. Templates already in
-- the new shape are left alone. Orders keep the freight they stored.
--
-- Names become unique within a shop (a later duplicate gets its id appended) and a shop keeps one
-- default at most (the oldest), as the editor and the next migration's indexes require.
update freight_templates t
   set name = left(t.name, 20) || ' #' || t.id
 where exists (select 1 from freight_templates o where o.site_id = t.site_id and o.name = t.name and o.id < t.id);
--> statement-breakpoint
update freight_templates t
   set is_default = false
 where t.is_default
   and exists (select 1 from freight_templates o where o.site_id = t.site_id and o.is_default and o.id < t.id);
--> statement-breakpoint
with amounts as (
  select t.id, field.key,
         case when jsonb_typeof(field.value) = 'number'
              then case when (field.value::text)::numeric >= 0
                             and (field.value::text)::numeric = trunc((field.value::text)::numeric)
                        then least((field.value::text)::numeric, 1000000000)::int
                        else 0 end
              else 0 end as fen
    from freight_templates t
   cross join lateral jsonb_each(case when jsonb_typeof(t.rules) = 'object' then t.rules else '{}'::jsonb end) field
),
old as (
  select t.id, t.rules->>'type' as kind,
         coalesce(max(a.fen) filter (where a.key = 'firstFen'), 0) as first_fen,
         coalesce(max(a.fen) filter (where a.key = 'nextFen'), 0) as next_fen,
         coalesce(max(a.fen) filter (where a.key = 'baseFen'), 0) as base_fen,
         coalesce(max(a.fen) filter (where a.key = 'remoteFen'), 0) as remote_fen
    from freight_templates t
    left join amounts a on a.id = t.id
   where not (jsonb_typeof(t.rules) = 'object' and t.rules ? 'DefaultRule')
   group by t.id
)
update freight_templates t
   set rules = jsonb_build_object(
         'DefaultRule', jsonb_build_object(
           'First', 1,
           'FirstFen', case old.kind when 'perItem' then old.first_fen when 'region' then old.base_fen else 0 end,
           'Next', 1,
           'NextFen', case old.kind when 'perItem' then old.next_fen else 0 end,
           'FreeWhen', 'never', 'FreeQuantity', 0, 'FreeAmountFen', 0),
         'Rules', case when old.kind = 'region' and old.remote_fen > 0
           then jsonb_build_array(jsonb_build_object(
             -- 新疆, 西藏, 青海, 内蒙古, 宁夏, 甘肃, 海南: the provinces the old rules called remote.
             'Regions', '["650000", "540000", "630000", "150000", "640000", "620000", "460000"]'::jsonb,
             'First', 1, 'FirstFen', old.base_fen + old.remote_fen, 'Next', 1, 'NextFen', 0,
             'FreeWhen', 'never', 'FreeQuantity', 0, 'FreeAmountFen', 0))
           else '[]'::jsonb end,
         'Undeliverable', '[]'::jsonb),
       version = t.version + 1
  from old
 where old.id = t.id;
