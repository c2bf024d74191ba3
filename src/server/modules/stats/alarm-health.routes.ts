import type { FastifyRequest } from 'fastify';
import type { Locale } from '@shared/constants';
import { envelopeOf } from '@shared/contracts/common';
import {
  EEMUA_ALARMS_PER_BUCKET,
  EEMUA_FLOOD_SHARE,
  FLOOD_ALARMS,
  alarmHealthQuerySchema,
  alarmHealthRowsQuerySchema,
  alarmHealthRowsSchema,
  alarmHealthSchema,
  alarmHealthUnitsQuerySchema,
  alarmHealthUnitsSchema,
  type AlarmHealthQuery,
} from '@shared/contracts/alarm-health';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../app-instance';
import { ok } from '../../lib/crud';
import { exportLabels, pagedBatches, sendWorkbook } from '../../lib/export';
import { WARNING_RESULT } from '@shared/dictionaries';
import { fileAnswer } from '../../lib/answers';
import { assertInScope, scopeOf } from '../../lib/data-scope';
import { AlarmHealthRepository, type HealthRange } from './alarm-health.repository';

const BASE = RESOURCES.alarmHealth.api;
const CODE = RESOURCES.alarmHealth.code;
const workbookAnswer = fileAnswer('the alarm system health as a workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
/** Alarms the export's journal sheet holds at most. */
const EXPORT_ROWS_MAX = 100_000;

/** The query with the caller's data scope; a project outside it is refused (403). */
function scoped(request: FastifyRequest, q: AlarmHealthQuery): HealthRange {
  assertInScope(request, q.projectId);
  return { from: q.from, to: q.to, projectId: q.projectId, scope: scopeOf(request) };
}

const LABELS: Record<Locale, Record<string, string>> = {
  cn: {
    figures: '健康指标', figure: '指标', value: '数值', target: 'EEMUA 191 目标', sources: '告警最多的来源', journal: '告警明细', episodes: '告警泛滥时段',
    start: '开始', end: '结束', buckets: '10分钟段数', total: '告警总数', avgPerBucket: '平均每10分钟', peakPerBucket: '最高每10分钟',
    floodBuckets: '泛滥段数', floodShare: '泛滥时间占比', floodEpisodes: '泛滥次数', floodAlarms: '泛滥中的告警', topShare: '前10来源占比',
    chatteringSources: '抖动来源', chatteringAlarms: '抖动告警', stale: '陈旧告警(超过24小时)', acked: '已确认', ackMedianSeconds: '确认时间中位数(秒)',
    ackP90Seconds: '确认时间P90(秒)', level: '级别', board: '检测板', channel: '通道', project: '项目', count: '告警数', share: '占比',
    first: '开始', last: '结束', alarms: '告警数', at: '告警时间', info: '告警内容', ackAt: '确认时间', dealAt: '处理时间', result: '处理结果',
    level_info: '提示', level_warning: '警告', level_critical: '严重',
    shelved: '曾被搁置的告警', shelvedNow: '当前搁置中', suppressed_board_offline: '因检测板离线而抑制', suppressed_maintenance: '因维护时段而抑制',
    suppressed_out_of_service: '因设备停用而抑制', outOfServiceNow: '当前停用的设备', outOfService: '期间停用过的设备', units: '期间停用过的设备',
    name: '设备', outOfServiceAt: '停用自', outOfServiceUntil: '停用至', reason: '原因', by: '操作人',
  },
  en: {
    figures: 'Health figures', figure: 'Figure', value: 'Value', target: 'EEMUA 191 target', sources: 'Top alarm sources', journal: 'Alarms', episodes: 'Flood episodes',
    start: 'From', end: 'To', buckets: '10-minute periods', total: 'Alarms', avgPerBucket: 'Mean per 10 minutes', peakPerBucket: 'Peak per 10 minutes',
    floodBuckets: 'Periods in flood', floodShare: 'Share of time in flood', floodEpisodes: 'Flood episodes', floodAlarms: 'Alarms in flood', topShare: 'Top 10 sources share',
    chatteringSources: 'Chattering sources', chatteringAlarms: 'Chattering alarms', stale: 'Stale alarms (over 24 h)', acked: 'Acknowledged', ackMedianSeconds: 'Time to acknowledge, median (s)',
    ackP90Seconds: 'Time to acknowledge, P90 (s)', level: 'Level', board: 'Board', channel: 'Channel', project: 'Project', count: 'Alarms', share: 'Share',
    first: 'From', last: 'To', alarms: 'Alarms', at: 'Raised at', info: 'Alarm', ackAt: 'Acknowledged at', dealAt: 'Dealt with at', result: 'Result',
    level_info: 'Info', level_warning: 'Warning', level_critical: 'Critical',
    shelved: 'Alarms shelved', shelvedNow: 'Shelved now', suppressed_board_offline: 'Suppressed: board offline', suppressed_maintenance: 'Suppressed: maintenance window',
    suppressed_out_of_service: 'Suppressed: unit out of service', outOfServiceNow: 'Units out of service now', outOfService: 'Units out of service in the range', units: 'Units out of service',
    name: 'Unit', outOfServiceAt: 'Out of service since', outOfServiceUntil: 'Out of service until', reason: 'Reason', by: 'By',
  },
};

/**
 * fall/alarm-health: the figures of a range (figures), the alarms behind one of them (drill), the
 * units behind the out-of-service figures (units), and all
 * of it as an xlsx workbook (export). All three only read.
 */
export async function alarmHealthRoutes(app: AppInstance): Promise<void> {
  const repo = new AlarmHealthRepository(app.database);

  app.post(`${BASE}/figures`, { schema: { body: alarmHealthQuerySchema, response: { 200: envelopeOf(alarmHealthSchema) } }, config: { permission: `${CODE}#list`, log: false as const } }, async (request) =>
    ok(await repo.health(scoped(request, request.body))),
  );

  app.post(`${BASE}/drill`, { schema: { body: alarmHealthRowsQuerySchema, response: { 200: envelopeOf(alarmHealthRowsSchema) } }, config: { permission: `${CODE}#list`, log: false as const } }, async (request) => {
    const b = request.body;
    return ok(await repo.figureRows({ ...scoped(request, b), figure: b.figure, key: b.key, page: b.page, limit: b.limit }));
  });

  app.post(`${BASE}/units`, { schema: { body: alarmHealthUnitsQuerySchema, response: { 200: envelopeOf(alarmHealthUnitsSchema) } }, config: { permission: `${CODE}#list`, log: false as const } }, async (request) => {
    const b = request.body;
    return ok(await repo.units({ ...scoped(request, b), figure: b.figure, page: b.page, limit: b.limit }));
  });

  app.post(`${BASE}/export`, { schema: { body: alarmHealthQuerySchema, response: { 200: workbookAnswer } }, config: { permission: `${CODE}#export` } }, async (request, reply) => {
    const q = scoped(request, request.body);
    const locale = request.locale ?? 'cn';
    const L = LABELS[locale];
    const en = locale === 'en';
    const h = await repo.health(q);
    const at = (bucket: number) => new Date(Date.parse(h.start) + bucket * 600_000);
    const pct = (v: number) => Math.round(v * 10_000) / 100;
    const figureRows = [
      { figure: L.start, value: h.start },
      { figure: L.end, value: h.end },
      { figure: L.buckets, value: h.buckets },
      { figure: L.total, value: h.total },
      { figure: L.avgPerBucket, value: Math.round(h.avgPerBucket * 1000) / 1000, target: EEMUA_ALARMS_PER_BUCKET },
      { figure: L.peakPerBucket, value: h.peakPerBucket, target: FLOOD_ALARMS },
      { figure: L.floodBuckets, value: h.floodBuckets },
      { figure: `${L.floodShare} (%)`, value: pct(h.floodShare), target: EEMUA_FLOOD_SHARE * 100 },
      { figure: L.floodEpisodes, value: h.floodEpisodes.length },
      { figure: L.floodAlarms, value: h.floodAlarms },
      { figure: `${L.topShare} (%)`, value: pct(h.topShare) },
      { figure: L.chatteringSources, value: h.chatteringSources, target: 0 },
      { figure: L.chatteringAlarms, value: h.chatteringAlarms, target: 0 },
      { figure: L.stale, value: h.stale },
      ...Object.entries(h.byLevel).map(([level, n]) => ({ figure: `${L.level}: ${L[`level_${level}`] ?? level}`, value: n })),
      { figure: L.acked, value: h.acked },
      { figure: L.ackMedianSeconds, value: h.ackMedianSeconds },
      { figure: L.ackP90Seconds, value: h.ackP90Seconds },
      { figure: L.shelved, value: h.shelved },
      { figure: L.shelvedNow, value: h.shelvedNow },
      ...(['board_offline', 'maintenance', 'out_of_service'] as const).map((cause) => ({ figure: L[`suppressed_${cause}`], value: h.suppressed[cause] })),
      { figure: L.outOfServiceNow, value: h.outOfServiceNow },
      { figure: L.outOfService, value: h.outOfService },
    ];
    const units = pagedBatches(EXPORT_ROWS_MAX, async (limit, offset) =>
      (await repo.unitPage(q, 'outOfService', limit, offset)).map((u) => ({
        name: en ? u.nameEn : u.name,
        project: en ? u.projectEn : u.project,
        outOfServiceAt: u.outOfServiceAt ? new Date(u.outOfServiceAt) : null,
        outOfServiceUntil: u.outOfServiceUntil ? new Date(u.outOfServiceUntil) : null,
        reason: u.reason,
        by: u.by,
      })),
    );
    const sourceRows = h.top.map((s) => ({ board: en ? s.boardEn : s.board, channel: s.channel || '', project: en ? s.projectEn : s.project, count: s.count, share: pct(s.share) }));
    const episodeRows = h.floodEpisodes.map((e) => ({ first: at(e.first), last: at(e.last + 1), alarms: e.alarms }));
    const journal = pagedBatches(EXPORT_ROWS_MAX, async (limit, offset) =>
      (await repo.page(q, AlarmHealthRepository.condition('all', undefined), limit, offset)).map((r) => ({
        at: new Date(r.at),
        level: L[`level_${r.level}`] ?? r.level,
        info: r.info,
        board: en ? r.boardEn : r.board,
        channel: r.channel ?? '',
        project: en ? r.projectEn : r.project,
        ackAt: r.ackAt ? new Date(r.ackAt) : null,
        dealAt: r.dealAt ? new Date(r.dealAt) : null,
        result: r.result ?? 'open',
      })),
    );
    const resultLabels = await exportLabels(app.database, { result: [...WARNING_RESULT, { value: 'open', cn: '未处理', en: 'Open' }] });
    const cols = (props: string[]) => props.map((prop) => ({ prop, label: L[prop] ?? prop }));
    const once = (rows: Record<string, unknown>[]) => async function* () {
      yield rows;
    };
    return sendWorkbook(reply, {
      name: 'alarm-health',
      sheets: [
        { name: L.figures, columns: cols(['figure', 'value', 'target']), batches: once(figureRows) },
        { name: L.sources, columns: cols(['board', 'channel', 'project', 'count', 'share']), batches: once(sourceRows) },
        { name: L.episodes, columns: cols(['first', 'last', 'alarms']), batches: once(episodeRows) },
        { name: L.units, columns: cols(['name', 'project', 'outOfServiceAt', 'outOfServiceUntil', 'reason', 'by']), batches: units },
        { name: L.journal, columns: cols(['at', 'level', 'info', 'board', 'channel', 'project', 'ackAt', 'dealAt', 'result']), batches: journal, labels: resultLabels },
      ],
    });
  });
}
