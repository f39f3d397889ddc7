-- Members from the buyers of existing orders, recharge orders and wallets (DESIGN §11). Walk-in
-- orders name their customer by phone only, so they make no member, as they move no wallet. Each buyer
-- keeps the latest non-empty name and phone they gave and registers at their first trace. Idempotent:
-- buyers who are already members are left as they are.
insert into members (site_id, open_id, nickname, mobile, source, registered_at, grade_id)
select buyer.site_id, buyer.buyer_id, buyer.nickname, buyer.mobile, 'backfill', buyer.first_seen,
       (select grade.id from member_grades grade where grade.site_id = buyer.site_id and grade.is_default)
  from (
    select site_id, buyer_id,
           coalesce((array_agg(buyer_name order by buyer_name = '', created_at desc))[1], '') as nickname,
           coalesce((array_agg(buyer_phone order by buyer_phone = '', created_at desc))[1], '') as mobile,
           min(created_at) as first_seen
      from (
        select site_id, buyer_id, buyer_name, buyer_phone, created_at from orders
         where buyer_id <> '' and source <> 'offline'
        union all
        select site_id, buyer_id, buyer_name, buyer_phone, created_at from recharge_orders where buyer_id <> ''
        union all
        select site_id, buyer_id, '', '', created_at from buyer_wallets
      ) traces
     group by site_id, buyer_id
  ) buyer
 order by buyer.site_id, buyer.first_seen, buyer.buyer_id
on conflict (site_id, open_id) do nothing;
