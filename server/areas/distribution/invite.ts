import type { FastifyRequest } from 'fastify';
import { previewPath } from '../../../contract/endpoints/module-library';
import { qrCodeImage } from '../comm/service';

/** The mini-program page a shared link opens; the shop's mini-program passes `inviter` to sign-in. */
export const INVITE_PAGE = '/pages/index/index';

/**
 * A promoter's shop link: the mini-program page with their member number as the inviter (the
 * storefront sign-in binds new members to it), the phone preview of the shop's home page with the
 * same invite for sharing on the web, and the QR code of that address.
 */
export async function promoterInvite(
  siteId: number,
  memberNo: string,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): Promise<{ MemberNo: string; Path: string; Url: string; Image: string }> {
  const invite = `inviter=${encodeURIComponent(memberNo)}`;
  const url = `${request.protocol}://${request.host}${previewPath(siteId)}?${invite}`;
  return { MemberNo: memberNo, Path: `${INVITE_PAGE}?${invite}`, Url: url, Image: await qrCodeImage(url) };
}
