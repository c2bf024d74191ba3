import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, listAnswerOf } from '@shared/contracts/common';
import { appUserRowSchema, billRecordRowSchema, billRowSchema } from '@shared/contracts/app';
import { navResultSchema, sessionUserSchema } from '@shared/contracts/auth';
import { deviceRowSchema } from '@shared/contracts/device';
import { equipmentRowSchema } from '@shared/contracts/equipment';
import { sparePartRowSchema } from '@shared/contracts/spare-part';
import { menuRowSchema, menuSelectNodeSchema } from '@shared/contracts/menus';
import { introRowSchema, passwordRowSchema, projectOptionSchema, projectPointSchema, projectRowSchema } from '@shared/contracts/project';
import { roleOptionSchema, roleRowSchema } from '@shared/contracts/roles';
import { areaGroupSchema, brokenDeviceListSchema, countProjectsSchema, deviceGroupSchema, waterGroupSchema } from '@shared/contracts/stats';
import { userRowSchema } from '@shared/contracts/users';
import { warningLatestAnswerSchema, warningRowSchema } from '@shared/contracts/warning';
import { warningNoticeRowSchema } from '@shared/contracts/escalation';
import { projectWallSchema, wallSessionSchema } from '@shared/contracts/wall';
import { channelTrendSchema } from '@shared/contracts/detect';
import { orderDetailSchema } from '@shared/contracts/order';
import { dictionaryEntrySchema } from '@shared/contracts/dictionary';
import { uploadLimitsSchema } from '@shared/contracts/file';
import { assigneeSchema, myOrderSchema, notificationListSchema } from '@shared/contracts/assignment';
import { checklistValueSchema } from '@shared/contracts/checklist';

/**
 * The mock answers against the contracts the server answers through: the client tests
 * and the offline demo run on these handlers, so a field the mock invents or leaves out would pass
 * there and fail on the real server. Each call is made as the mock administrator and its answer
 * parsed with the same schema the route declares.
 */
async function token(): Promise<string> {
  const res = await fetch('/api/sys/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', captcha: 'x' }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  return body.data?.token ?? '';
}

const CALLS: [string, string, unknown, z.ZodType][] = [
  ['POST', '/api/ball/fallproject/list', { page: 1, limit: 10 }, listAnswerOf(projectRowSchema)],
  ['POST', '/api/ball/fallproject/listAll', {}, envelopeOf(z.array(projectRowSchema))],
  ['GET', '/api/ball/fallproject/info/1', undefined, envelopeOf(projectRowSchema)],
  ['POST', '/api/ball/fallproject/selectProjects', { title: 1 }, envelopeOf(z.array(projectOptionSchema))],
  ['POST', '/api/ball/fallproject/selectProjects', {}, envelopeOf(z.array(projectPointSchema))],
  ['GET', '/api/ball/fallproject/intro/list?projectId=1', undefined, envelopeOf(z.array(introRowSchema))],
  ['GET', '/api/ball/fallproject/password/list?projectId=1', undefined, envelopeOf(z.array(passwordRowSchema))],
  ['POST', '/api/ball/falldevice/list', { page: 1, limit: 10 }, listAnswerOf(deviceRowSchema)],
  ['POST', '/api/ball/falleqinfo/list', { page: 1, limit: 10 }, listAnswerOf(equipmentRowSchema)],
  ['POST', '/api/ball/falleqinfo/listAll', {}, envelopeOf(z.array(equipmentRowSchema))],
  ['POST', '/api/ball/fallspare/list', { page: 1, limit: 10 }, listAnswerOf(sparePartRowSchema)],
  ['POST', '/api/ball/fallwarning/list', { page: 1, limit: 10 }, listAnswerOf(warningRowSchema)],
  ['POST', '/api/ball/fallwarning/latest', {}, envelopeOf(warningLatestAnswerSchema(warningRowSchema))],
  ['GET', '/api/ball/fallwarning/notices/31', undefined, envelopeOf(z.array(warningNoticeRowSchema))],
  ['GET', '/api/ball/fallorder/info/1', undefined, envelopeOf(orderDetailSchema)],
  ['GET', '/api/ball/fallproject/countProjects', undefined, envelopeOf(countProjectsSchema)],
  ['GET', '/api/ball/fallproject/groupArea', undefined, envelopeOf(z.array(areaGroupSchema))],
  ['GET', '/api/ball/fallproject/groupWater', undefined, envelopeOf(z.array(waterGroupSchema))],
  ['GET', '/api/ball/fallproject/groupDevice', undefined, envelopeOf(z.array(deviceGroupSchema))],
  ['GET', '/api/ball/fallproject/brokenDevice', undefined, envelopeOf(brokenDeviceListSchema)],
  ['POST', '/api/sys/user/list', { page: 1, limit: 10 }, listAnswerOf(userRowSchema)],
  ['POST', '/api/sys/role/list', { page: 1, limit: 10 }, listAnswerOf(roleRowSchema)],
  ['GET', '/api/sys/role/select', undefined, envelopeOf(z.array(roleOptionSchema))],
  ['GET', '/api/sys/menu/listAll', undefined, envelopeOf(z.array(menuRowSchema))],
  ['GET', '/api/sys/menu/select', undefined, envelopeOf(z.array(menuSelectNodeSchema))],
  ['GET', '/api/sys/menu/nav', undefined, envelopeOf(navResultSchema)],
  ['GET', '/api/sys/user/info', undefined, envelopeOf(sessionUserSchema)],
  ['POST', '/api/sys/sysdictionary/dictionary', { type: 'device_category' }, envelopeOf(z.array(dictionaryEntrySchema))],
  ['POST', '/api/app/user/list', { page: 1, limit: 10 }, listAnswerOf(appUserRowSchema)],
  ['POST', '/api/app/bill/list', { page: 1, limit: 10 }, listAnswerOf(billRowSchema)],
  ['POST', '/api/app/bill-record/list', { page: 1, limit: 10 }, listAnswerOf(billRecordRowSchema)],
  ['GET', '/api/wall/project/1', undefined, envelopeOf(projectWallSchema)],
  ['GET', '/api/wall/project/1/trend?board=21&ch=2&range=7d', undefined, envelopeOf(channelTrendSchema)],
  ['GET', '/api/wall/session', undefined, envelopeOf(wallSessionSchema)],
  ['GET', '/api/oss/file/limits', undefined, envelopeOf(uploadLimitsSchema)],
  ['GET', '/api/sys/notification/list', undefined, envelopeOf(notificationListSchema)],
  ['GET', '/api/ball/myorder/list', undefined, envelopeOf(z.array(myOrderSchema))],
  ['GET', '/api/ball/fallorder/assignees?projectId=1', undefined, envelopeOf(z.array(assigneeSchema))],
  ['GET', '/api/ball/falleqinfo/checklistValues?equipmentId=1', undefined, envelopeOf(z.array(checklistValueSchema))],
];

describe('mock answers match the contracts', () => {
  it.each(CALLS)('%s %s', async (method, url, body, schema) => {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number };
    expect(json.code, JSON.stringify(json).slice(0, 300)).toBe(0);
    const parsed = schema.safeParse(json);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});
