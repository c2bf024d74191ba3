import { LOG_PURGE_MIN_DAYS, type Locale } from './constants';

/**
 * Messages the server sends and the forms show, in both languages. Keys are used in zod contracts
 * (`{ message: 'v.phone' }`) and translated where they are shown: by the server from the request's
 * Accept-Language, by the client from its i18n resources (which import this catalogue).
 */
export const MESSAGES = {
  // spec §5 validation
  'v.required': { cn: '必填项', en: 'This field is required' },
  'v.passwordEmpty': { cn: '密码不能为空', en: 'Password cannot be empty' },
  'v.confirmEmpty': { cn: '确认密码不能为空', en: 'Confirm password cannot be empty' },
  'v.confirmMismatch': { cn: '确认密码与密码输入不一致', en: 'The confirmation password does not match the password' },
  'v.phone': { cn: '手机号格式错误', en: 'Wrong phone number format' },
  'v.email': { cn: '邮箱格式错误', en: 'Wrong email format' },
  'v.url': { cn: '网址格式错误', en: 'Wrong URL format' },
  'v.creditCode': { cn: '统一社会信用代码格式错误', en: 'Wrong unified credit code format' },
  'v.idCard': { cn: '证件号码格式错误', en: 'Wrong ID number format' },
  'v.tooLong': { cn: '内容过长', en: 'Too long' },
  'v.checkFirst': { cn: '请先勾选数据', en: 'Please check the data first' },
  'v.serialFirst': { cn: '请先填写设备序列号', en: 'Please fill in the device serial number first' },
  'v.mapFirst': { cn: '请先上传地图背景图片', en: 'Please upload the map background image first' },
  'v.pickLocation': { cn: '请在地图上点击选择位置', en: 'Please click on the map to pick a location' },
  'v.confirmDelete': { cn: '确定要删除吗？', en: 'Are you sure you want to delete it?' },
  'v.unknownField': { cn: '不允许的字段', en: 'Unknown field' },
  'v.invalid': { cn: '格式错误', en: 'Invalid value' },
  'v.folder': { cn: '目录名只能用字母、数字、点、下划线和短横线，以 / 分层', en: 'Folder names may use letters, digits, dots, underscores and hyphens, separated by /' },
  'v.date': { cn: '日期格式应为 YYYY-MM-DD', en: 'Use a date in the form YYYY-MM-DD' },
  'v.dateOrder': { cn: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'v.spanTooLong': { cn: '时间跨度过长，请缩短范围或选择更粗的粒度', en: 'The period is too long: shorten it or choose a coarser granularity' },
  'v.granularity': { cn: '粒度只能是日、周或月', en: 'Granularity must be day, week or month' },
  'v.passwordShort': { cn: '密码至少 6 位', en: 'The password needs at least 6 characters' },
  'v.username': { cn: '用户名只能包含字母、数字和 _ . @ -', en: 'Use only letters, digits and _ . @ - in a username' },
  'v.code': { cn: '编码只能包含字母、数字、_ 和 -', en: 'Use only letters, digits, _ and - in a code' },
  'v.analyticsBatch': { cn: '每批 1 到 100 条使用分析事件', en: 'A batch holds 1 to 100 usage analytics events' },
  'v.perms': { cn: '授权标识格式为 模块#操作，多个用逗号分隔', en: 'Write authorisation ids as module#action, several separated by commas' },
  // spec §8 login
  'login.captcha': { cn: '验证码不正确', en: 'Verification code incorrect' },
  'login.noAccount': { cn: '账号不存在', en: 'Account does not exist' },
  'login.password': { cn: '密码不正确', en: 'Password incorrect' },
  'login.locked': { cn: '账号已被锁定，请联系管理员', en: 'Account locked, contact administrator' },
  'login.expired': { cn: '账号已过期，请联系管理员', en: 'Account expired, contact administrator' },
  // The front door: wrong passwords slow an address down, they never lock the account (or a stranger could lock anyone out).
  'login.tooMany': { cn: '密码错误次数过多，请稍后再试', en: 'Too many wrong passwords, try again later' },
  // envelope errors
  'err.badRequest': { cn: '请求参数错误', en: 'Bad request' },
  'err.badJson': { cn: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  'err.unauthorized': { cn: '未登录或登录已过期', en: 'Not logged in or the session has expired' },
  'err.forbidden': { cn: '没有权限', en: 'Unauthorised' },
  'err.notFound': { cn: '数据不存在', en: 'Not found' },
  'err.conflict': { cn: '数据已存在', en: 'Already exists' },
  'err.tooLarge': { cn: '内容过大', en: 'Too large' },
  'err.tooMany': { cn: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
  'err.server': { cn: '服务器错误', en: 'Server error' },
  'err.dbUnavailable': {
    cn: '数据库暂时无法连接，本次操作未执行；恢复后会自动继续，请稍后重试',
    en: 'The database cannot be reached for the moment: nothing was done. It resumes by itself; try again shortly',
  },
  'err.diskFull': { cn: '服务器磁盘已满，未保存任何内容', en: "The server's disk is full; nothing was saved" },
  'err.routeMissing': { cn: '接口不存在', en: 'No such endpoint' },
  'err.oldPassword': { cn: '原密码不正确', en: 'The current password is incorrect' },
  'err.superUser': { cn: '不能对超级管理员执行此操作', en: 'This cannot be done to the super user' },
  'err.hasChildren': { cn: '请先删除子菜单', en: 'Delete its children first' },
  'err.menuParent': { cn: '上级菜单无效：不能是按钮、自身或其下级', en: 'Invalid parent: not a button, the menu itself or one of its children' },
  'err.uniqueKey': { cn: '唯一标识已存在', en: 'The unique key already exists' },
  // data scope (docs/access.md): a write to a project the caller's roles do not cover
  'v.assigneeOutOfScope': { cn: '该用户的数据范围不包含工单所属项目，不能指派', en: "This user's data scope does not cover the order's project: they cannot be assigned" },
  'mail.assigned.subject': { cn: '工单 {number} 已指派给您', en: 'Order {number} is assigned to you' },
  'mail.due.subject': { cn: '工单 {number} 即将到期', en: 'Order {number} is due soon' },
  'mail.reopened.subject': { cn: '工单 {number} 已重新打开', en: 'Order {number} was reopened' },
  'mail.assigned.body': { cn: '{name}\n项目：{project}\n到期时间：{due}', en: '{name}\nProject: {project}\nDue: {due}' },
  'mail.due.body': { cn: '{name}\n项目：{project}\n到期时间：{due}，请尽快处理。', en: '{name}\nProject: {project}\nDue: {due}. Please deal with it soon.' },
  'mail.reopened.body': { cn: '{name}\n项目：{project}\n待确认期间故障复现，工单退回维修中。', en: '{name}\nProject: {project}\nThe fault returned during confirmation: the order is back to repairing.' },
  'err.outOfScope': { cn: '无权操作该项目的数据', en: 'Your roles do not cover this project' },
  'err.roleOutOfScope': { cn: '不能授予超出自身数据范围的角色', en: 'You cannot give a role whose data scope goes beyond your own' },
  'v.dataScope': { cn: '数据范围只能是全部或指定项目', en: 'The data scope is either all projects or chosen projects' },
  'v.scopeProjects': { cn: '请至少选择一个项目', en: 'Choose at least one project' },
  'v.projectMissing': { cn: '项目不存在', en: 'No such project' },
  // walls, scenes and public projects
  'scene.outside': { cn: '卡片超出画布范围', en: 'The card goes beyond the canvas' },
  'scene.overlap': { cn: '卡片位置重叠', en: 'Cards overlap' },
  'scene.duplicateKey': { cn: '布局项标识重复', en: 'Two layout items have the same key' },
  'scene.cardMissing': { cn: '卡片不存在', en: 'No such card' },
  'scene.missing': { cn: '场景不存在', en: 'No such scene' },
  'wall.password': { cn: '访问密码不正确或已失效', en: 'The access password is wrong or no longer valid' },
  // files and installation operations (projects, devices, equipment)
  'v.fileMissing': { cn: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'v.fileType': { cn: '不支持的文件类型', en: 'This file type is not supported' },
  'v.fileMismatch': { cn: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  'v.fileNotImage': { cn: '请上传图片文件', en: 'Please upload an image file' },
  'v.fileUnusable': { cn: '文件不存在或不可用', en: 'The file does not exist or cannot be used here' },
  'v.longitude': { cn: '经度范围为 -180 到 180', en: 'Longitude must be between -180 and 180' },
  'v.latitude': { cn: '纬度范围为 -90 到 90', en: 'Latitude must be between -90 and 90' },
  'v.nonNegative': { cn: '不能小于 0', en: 'Must not be less than 0' },
  'v.fraction': { cn: '取值范围为 0 到 1', en: 'Must be between 0 and 1' },
  'v.showTime': { cn: '格式应为 19:00-22:00', en: 'Use the form 19:00-22:00' },
  'v.localTime': { cn: '时间格式应为 HH:mm，如 08:30', en: 'Use the form HH:mm, e.g. 08:30' },
  'v.localDate': { cn: '日期格式应为 YYYY-MM-DD', en: 'Use the form YYYY-MM-DD' },
  'v.rosterPeople': { cn: '值班表至少要有一个人', en: 'A roster needs at least one person' },
  'v.personTwice': { cn: '此人已在值班表中', en: 'This person is on the roster already' },
  'v.windowSlots': { cn: '每周窗口至少需要一个时段', en: 'A weekly window needs at least one slot of hours' },
  'v.windowEnd': { cn: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'v.windowLong': { cn: '日期窗口最长 366 天', en: 'A date window lasts at most 366 days' },
  'v.calendarSlots': { cn: '演出计划至少需要一个时段', en: 'A show programme needs at least one slot of hours' },
  'v.calendarBothDates': { cn: '起止日期要么都填，要么都不填', en: 'Give both dates or neither' },
  'v.calendarLong': { cn: '日期范围最长 366 天', en: 'A date range lasts at most 366 days' },
  'v.calendarEventEmpty': { cn: '结束时间不能与开始时间相同', en: 'The end time cannot be the start time' },
  'v.checklistKey': { cn: '项目编码只能用小写字母、数字、- 和 _，最长 32 位', en: 'An item key is lower-case letters, digits, - and _, at most 32' },
  'v.checklistKeyTwice': { cn: '同一检查表中项目编码不能重复', en: 'Two items of one checklist cannot share a key' },
  'v.checklistLimits': { cn: '数值项目需要下限或上限（不需要限值时请取消“需要限值”）', en: 'A number needs a lower or upper limit (untick "Needs limits" when it has none)' },
  'v.checklistLimitOrder': { cn: '上限不能小于下限', en: 'The upper limit cannot be below the lower limit' },
  'v.checklistOptions': { cn: '选择项目需要 2 至 20 个互不相同的选项', en: 'A choice needs 2 to 20 different options' },
  'v.checklistEmpty': { cn: '检查表至少需要一个项目', en: 'A checklist needs at least one item' },
  'v.checklistLong': { cn: '检查表最多 60 个项目', en: 'A checklist has at most 60 items' },
  'v.checklistPhotos': { cn: '每个项目最多 6 张照片', en: 'At most 6 photos per item' },
  'v.checklistPhoto': { cn: '此项目需要拍照后才能完工', en: 'This item needs a photo before the order can be completed' },
  'v.checklistSignature': { cn: '此项目需要签名后才能完工', en: 'This item needs a signature before the order can be completed' },
  'v.checklistMissing': { cn: '该工单需要填写检查表', en: 'This order\'s checklist must be filled in' },
  'v.checklistNone': { cn: '该工单没有检查表', en: 'This order has no checklist' },
  'v.checklistFile': { cn: '照片或签名文件无效或不属于本次上传', en: 'The photo or signature file is not one you uploaded' },
  'v.checklistFrozen': { cn: '已提交报告的检查表是一份记录，不能修改，请另行提交新报告', en: 'A filed report\'s checklist is a record and cannot change: file a new report instead' },
  'v.reportHasChecklist': { cn: '该维修报告带有已填写的检查表，是一份记录，不能删除', en: 'This report carries a filled checklist, which is a record: it cannot be deleted' },
  'v.pmTriggerNone': { cn: '保养计划需要一个触发方式：日历、计量或季节', en: 'A plan needs a trigger: calendar, meter or season' },
  'v.pmTriggerTwo': { cn: '保养计划只能有一个触发方式', en: 'A plan has only one trigger' },
  'v.pmEvery': { cn: '间隔须为 1 至 366 的整数', en: 'The interval is a whole number from 1 to 366' },
  'v.pmLimit': { cn: '计量限值须大于 0', en: 'The meter limit must be above 0' },
  'v.pmMeterUnit': { cn: '计量计划统计一台设备的检测通道，请选择“单台设备”', en: 'A meter plan counts one unit\'s channel: choose "Unit"' },
  'v.pmChannel': { cn: '该检测板没有此通道，或检测板不属于本项目', en: 'No such channel on a board of this project' },
  'v.showTimeCalendar': { cn: '该项目的每日演出时间由运营日历的演出计划决定，请在运营日历中修改', en: 'This project\'s daily show time comes from its operating calendar\'s programmes: change it there' },
  'v.personContact': { cn: '需要邮箱或 Webhook（该用户没有邮箱）', en: 'An e-mail address or a webhook is needed (the user has no e-mail)' },
  'v.overridePerson': { cn: '不是此值班表中的人', en: 'Not a person of this roster' },
  'v.overrideTwice': { cn: '该日期已有替班', en: 'This date has an override already' },
  'v.policySteps': { cn: '升级策略至少要有一个步骤', en: 'A policy needs at least one step' },
  'v.minutesNegative': { cn: '分钟数不能为负数', en: 'Minutes cannot be negative' },
  'v.stepRoster': { cn: '不是此项目的值班表', en: 'Not a roster of this project' },
  'v.userMissing': { cn: '用户不存在', en: 'No such user' },
  'err.policyExists': { cn: '该项目已有升级策略，请修改它', en: 'This project has a policy already: edit it' },
  'v.timeZone': { cn: '未知的时区，请使用 IANA 名称，如 Asia/Shanghai', en: 'Unknown time zone: use an IANA name such as Europe/Berlin' },
  'v.option': { cn: '请选择有效的选项', en: 'Please choose a valid option' },
  'v.sortSiblings': { cn: '只能调整同一级内的顺序', en: 'Only items of one level can be put in order together' },
  'v.uniqueKeyFormat': { cn: '只能包含字母、数字、下划线和短横线', en: 'Only letters, digits, underscores and hyphens' },
  'v.futureTime': { cn: '时间必须晚于当前时间', en: 'The time must be in the future' },
  'err.projectNotPublic': { cn: '项目未对公众开放', en: 'The project is not open to the public' },
  // system administration, jobs and storage
  'v.dictType': { cn: '字典类型不存在', en: 'No such dictionary type' },
  'v.settingKey': { cn: '参数不存在', en: 'No such setting' },
  'v.number': { cn: '请输入数字', en: 'Enter a number' },
  'v.boolean': { cn: '请输入 true 或 false', en: 'Enter true or false' },
  'v.json': { cn: 'JSON 格式错误', en: 'Invalid JSON' },
  'v.parentUnknown': { cn: '上级编码不存在', en: 'The parent code does not exist' },
  'v.parentCycle': { cn: '上级不能是自身或其下级', en: 'The parent cannot be the item itself or one of its children' },
  'v.duplicateInSheet': { cn: '编码在表格中重复', en: 'The code appears twice in the sheet' },
  'v.cron': { cn: 'Cron 表达式错误', en: 'Invalid cron expression' },
  'v.jobHandler': { cn: '任务处理器不存在', en: 'No such job handler' },
  'err.inUse': { cn: '数据正在被使用，不能删除', en: 'It is in use and cannot be deleted' },
  'err.importFile': { cn: '请上传 xlsx 或 csv 文件', en: 'Upload an xlsx or csv file' },
  'err.importHeader': { cn: '表头应包含 xmbm、xmmc、pxmbm、sort', en: 'The header row must have xmbm, xmmc, pxmbm and sort' },
  'err.activeConfig': { cn: '不能删除正在使用的存储配置', en: 'The active storage configuration cannot be deleted' },
  'err.s3Unreachable': {
    cn: '无法访问该 S3 存储桶，未启用：请检查地址、存储桶、区域和密钥',
    en: 'The S3 bucket cannot be reached, so the configuration was not made active: check the endpoint, bucket, region and keys',
  },
  'err.configHasFiles': { cn: '仍有文件存放在该存储配置中，不能删除', en: 'Files are still stored through this configuration: it cannot be deleted' },
  'err.configProviderFiles': { cn: '已有文件存放在该存储配置中，不能更换存储类型', en: 'Files are stored through this configuration: its provider cannot change' },
  'err.storageFailed': { cn: '文件未能存入存储，请稍后重试', en: 'The file could not be stored: try again later' },
  // maintenance orders, reports, boards, warnings, cameras
  'err.orderTransition': { cn: '工单当前状态不允许此操作', en: "This is not allowed in the order's current status" },
  'err.channelStillAbnormal': { cn: '工单的检测通道仍读数异常，不能报告已修复', en: "The order's channel still reads abnormal: it cannot be reported fixed" },
  // parts stock (docs/maintenance.md "Parts and stock")
  'err.stockShort': { cn: '库存不足：“{part}”在{store}现有 {have} 件，需要 {want} 件', en: 'Not enough “{part}” in {store}: {have} on hand, {want} wanted' },
  'v.stockReceiptPositive': { cn: '入库数量须大于 0', en: 'A receipt brings a quantity greater than 0' },
  'v.cents': { cn: '金额最多两位小数', en: 'At most two decimals' },
  'v.stockMoveZero': { cn: '调整数量不能为 0', en: 'An adjustment cannot be 0' },
  'v.stockReasonRequired': { cn: '库存调整须写明原因', en: 'A stock adjustment needs its reason' },
  'v.stockMoveFuture': { cn: '出入库时间不能晚于现在', en: 'A stock move cannot be in the future' },
  'v.storeProject': { cn: '仓库与备件不属于同一项目', en: 'The store is not in the part\'s project' },
  'v.partProject': { cn: '备件不属于工单所在的项目', en: 'The part is not kept in the order\'s project' },
  'v.partTwice': { cn: '同一备件、同一仓库在报告中出现了两次', en: 'The same part from the same store is listed twice' },
  'v.partsFrozen': { cn: '已提交报告的用料是出库记录，不能修改', en: 'A filed report\'s parts are stock moves and cannot change' },
  'err.reportHasParts': { cn: '该报告已从库存领用备件，出库记录不能删除', en: 'This report took parts from stock: its stock moves cannot be deleted' },
  'err.partHasMoves': { cn: '该备件有出入库记录，不能删除', en: 'This part has stock moves: it cannot be deleted' },
  'err.orderClosed': { cn: '工单已关闭，不能再提交维修报告或修改', en: 'The order is closed: no more reports or changes' },
  'v.equipmentProject': { cn: '设备不属于所选项目', en: 'The equipment does not belong to the chosen project' },
  'v.reportFrozen': { cn: '已提交的报告不能修改工单和结果，请另行提交新报告', en: 'A filed report keeps its order and result: file a new report instead' },
  'v.rangeOrder': { cn: '最小值不能大于最大值', en: 'The minimum cannot be greater than the maximum' },
  'v.deadbandWide': { cn: '死区须小于量程的一半', en: 'The deadband must be less than half the range' },
  'v.channel': { cn: '通道号应为 1 到 9', en: 'Channels are numbered 1 to 9' },
  'err.warningDealt': { cn: '该告警已处理', en: 'This warning has already been dealt with' },
  'err.boardKey': { cn: '项目标识或板卡密钥错误', en: 'Wrong project key or board key' },
  'v.channelTwice': { cn: '同一通道在一次读数中出现了两次', en: 'A channel appears twice in one reading' },
  'err.reportStale': {
    cn: '读数时间超出允许的时钟偏差（detect.clockSkewSeconds）：请检查板卡时钟',
    en: "The reading's time is outside the allowed clock skew (setting detect.clockSkewSeconds): check the board's clock",
  },
  'err.reportReplay': { cn: '该读数已接收过（同一板卡、同一读数时间）', en: 'This reading was already received (same board, same reading time)' },
  'err.streamUnavailable': { cn: '视频流暂不可用', en: 'The stream is unavailable' },
  // application: customers and bills
  'v.amount': { cn: '金额须大于 0，最多两位小数', en: 'The amount must be greater than 0 with at most two decimals' },
  'v.cardNumber': { cn: '卡号应为 12 到 19 位数字', en: 'A card number has 12 to 19 digits' },
  'err.billFinal': { cn: '已完成或已取消的账单不能再变更状态', en: 'A completed or cancelled bill cannot change state' },
  'err.billSameState': { cn: '账单已处于该状态', en: 'The bill is already in this state' },
  // secrets and limits: tickets, streams, outbound calls, spreadsheet sizes (docs/security.md)
  'err.tooManyStreams': { cn: '此会话打开的实时连接过多，请关闭其他页面后重试', en: 'This session has too many live connections open: close other tabs and try again' },
  'err.ticket': { cn: '访问凭证无效或已过期，请刷新页面', en: 'The access ticket is invalid or has expired: reload the page' },
  'err.outboundRefused': { cn: '目标地址不在系统配置的外部地址允许列表（security.outboundHosts）中', en: 'The address is not on the allowed outbound hosts (setting security.outboundHosts)' },
  'err.outboundFailed': { cn: '外部服务无响应或拒绝了请求', en: 'The external service did not answer or refused the request' },
  'err.sheetTooLarge': { cn: '表格解压后过大（最多 16 MB）', en: 'The spreadsheet is too large once unpacked (at most 16 MB)' },
  'err.sheetTooManyRows': { cn: '表格行数或列数过多（最多 10000 行、64 列）', en: 'The spreadsheet has too many rows or columns (at most 10,000 rows and 64 columns)' },
  'err.sheetCellTooLong': { cn: '表格单元格内容过长（最多 1000 个字符）', en: 'A spreadsheet cell is too long (at most 1,000 characters)' },
  // bad input (ids, NUL, dates, purges, multipart)
  'v.id': { cn: '编号应为正整数', en: 'An id is a positive whole number' },
  'v.nul': { cn: '内容含有不允许的控制字符', en: 'The text holds a character that is not allowed (NUL)' },
  'v.dateRange': { cn: '日期超出允许范围（1900 至 9999 年）', en: 'The date is out of range (years 1900 to 9999)' },
  'v.purgeDays': { cn: `请填写要保留的天数（至少 ${LOG_PURGE_MIN_DAYS} 天）`, en: `Give the number of days to keep (at least ${LOG_PURGE_MIN_DAYS})` },
  'err.badMultipart': { cn: '上传内容格式错误', en: 'The upload is not a valid multipart form' },
  // invariants: order and report times (docs/invariants.md); each names its field
  'v.repairBeforeSubmission': { cn: '维修时间不能早于工单提交时间', en: 'The repair time cannot be before the order was submitted' },
  'v.completedBeforeSubmission': { cn: '完成时间不能早于工单提交时间', en: 'The completion time cannot be before the order was submitted' },
  'v.completedBeforeRepair': { cn: '完成时间不能早于维修时间', en: 'The completion time cannot be before the repair time' },
  'v.repairInFuture': { cn: '维修时间不能晚于当前时间', en: 'The repair time cannot be in the future' },
  'v.completedInFuture': { cn: '完成时间不能晚于当前时间', en: 'The completion time cannot be in the future' },
  'v.submittedInFuture': { cn: '提交时间不能晚于当前时间', en: 'The submission time cannot be in the future' },
  'v.submittedAfterWork': { cn: '提交时间不能晚于该工单的维修或完成时间', en: "The submission time cannot be after the order's repair or completion times" },
  'v.durationNegative': { cn: '维修时长不能为负数', en: 'The repair duration cannot be negative' },
  'v.durationTooLong': { cn: '维修时长不能超过从维修时间到完成时间的间隔', en: 'The repair duration cannot be longer than the time from repair to completion' },
  // language: text the server writes itself, stored as [[key]]{params} (src/shared/server-text.ts)
  'text.switchFault': { cn: '{board} CH{ch}{label}：开关量故障（1）', en: '{board} CH{ch}{label}: switch fault (1)' },
  'text.analogOut': { cn: '{board} CH{ch}{label}：模拟量 {analog} 超出 {min}–{max}', en: '{board} CH{ch}{label}: analog {analog} outside {min}–{max}' },
  'text.offline': { cn: '{board}：{seconds} 秒无数据（离线）', en: '{board}: no data for {seconds} s (offline)' },
  'text.faultReturned': { cn: '待确认期间故障复现，退回维修中', en: 'Fault returned during confirmation: back to repairing' },
  'text.backOnline': { cn: '检测板恢复上报', en: 'Board reporting again' },
  'text.normalAgain': { cn: '连续 {n} 次读数正常', en: 'Normal for {n} readings' },
  'text.projectArchived': { cn: '项目已归档，随之关闭', en: 'Closed: the project was archived' },
  'text.boardArchived': { cn: '检测板已归档，随之关闭', en: 'Closed: the detection board was archived' },
  'text.seedFault': { cn: '{board} CH{ch} 故障：{equipment} 开关量闭合，模拟量 {analog}', en: '{board} CH{ch} fault: {equipment} switch contact closed, analog {analog}' },
  'text.seedFaultPast': { cn: '{board} CH{ch} 故障：{equipment} 开关量闭合', en: '{board} CH{ch} fault: {equipment} switch contact closed' },
  'text.seedOffline': { cn: '{board} 离线：超过 3 个轮询周期无数据', en: '{board} offline: no data for more than 3 poll periods' },
  'text.noEquipment': { cn: '未接设备', en: 'no equipment' },
  'text.resetOnSite': { cn: '现场复位后恢复正常', en: 'Normal again after an on-site reset' },
  'text.toOrder': { cn: '已转维修工单处理', en: 'Handed over to a maintenance order' },
  'text.billCreated': { cn: '创建账单', en: 'Bill created' },
  'text.billMoved': { cn: '状态流转', en: 'State changed' },
  'text.billCancelled': { cn: '客户取消', en: 'Cancelled by the customer' },
  // Units at risk (issue 30, docs/predictive.md): the detector's reasons, stored in fall_channel_risk as a key and its numbers.
  'text.yes': { cn: '是', en: 'Yes' },
  'text.no': { cn: '否', en: 'No' },
  'job.logPurge.name': { cn: '日志保留', en: 'Log retention' },
  'job.logPurge.remark': { cn: '每天 03:30 删除超过 log.retentionDays 天的操作、登录和任务日志', en: 'Deletes operation, login and job logs older than log.retentionDays (daily 03:30)' },
  'job.captchaPurge.name': { cn: '会话和验证码清理', en: 'Session and captcha cleanup' },
  'job.captchaPurge.remark': { cn: '每小时删除过期的会话和验证码', en: 'Deletes expired sessions and captchas (hourly)' },
  'job.backup.name': { cn: '备份', en: 'Backup' },
  'job.backup.remark': {
    cn: '每天 02:15 把数据库和本地上传文件备份到 BACKUP_DIR（默认 DATA_DIR/backups），保留最新 keep 份；默认暂停，启用前先确认磁盘空间（docs/backup.md）',
    en: 'Backs the database and the locally stored uploads up into BACKUP_DIR (DATA_DIR/backups) daily at 02:15, keeping the newest keep; paused until you enable it: check the disk space first (docs/backup.md)',
  },
  'job.handler.backup': {
    cn: '备份数据库和本地存储的上传文件（一个 .tar.gz，含清单和校验和）到 BACKUP_DIR，只保留最新 keep 份（默认 7）；S3 中的文件不复制',
    en: 'Backs the database and the locally stored uploads up (one .tar.gz with its manifest and checksums) into BACKUP_DIR, keeping the newest keep (default 7); files in S3 are not copied',
  },
  'job.handler.log.purge': { cn: '删除超过保留天数的操作、登录和任务日志（未指定 days 时取 log.retentionDays）', en: 'Deletes operation, login and job logs older than the retention (log.retentionDays unless days is given)' },
  'job.handler.captcha.purge': { cn: '删除过期的验证码和会话', en: 'Deletes expired captchas and expired sessions' },
  'job.handler.files.purgeOrphans': { cn: '删除没有记录引用的文件（保存失败或放弃、被替换或删除的记录），超过 hours 小时（默认 24）', en: 'Deletes files no record owns (failed or abandoned saves, replaced or deleted records) older than hours (default 24)' },
  'setting.security.captcha': { cn: '登录时要求输入验证码', en: 'Ask for a captcha at login' },
  'setting.security.lockThreshold': {
    cn: '同一地址密码错误多少次后需等待（30 秒起，逐次加倍，最长 5 分钟）；账号不会因此被锁定',
    en: 'Wrong passwords from one address before it must wait (30 s, doubling, at most 5 min); accounts are never locked by them',
  },
  'setting.security.lockWindowMinutes': { cn: '密码错误次数的统计时间窗口（分钟）', en: 'Window in which wrong passwords are remembered (minutes)' },
  'setting.security.sessionHours': { cn: '会话滑动有效期（小时）', en: 'Sliding session lifetime (hours)' },
  'setting.security.outboundHosts': {
    cn: '服务器可以访问的外部主机（摄像头云），用逗号分隔；*.example.com 允许其子域名；留空则不允许外部访问',
    en: 'Hosts the server may call out to (camera cloud), separated by commas; *.example.com allows subdomains; empty = no outbound calls',
  },
  'setting.security.loginPerMinute': { cn: '每个 IP 地址每分钟可尝试登录的次数', en: 'Login attempts one IP address may make per minute' },
  'setting.system.title': { cn: '页眉和大屏上显示的系统标题', en: 'System title shown in the header and on the wall' },
  'setting.system.titleEn': { cn: '英文系统标题（留空则使用系统标题）', en: 'System title in English (empty = the system title)' },
  'setting.upload.maxMb': { cn: '单个上传文件的最大大小（MiB）', en: 'Largest file an upload may be (MiB)' },
  'setting.upload.imageMaxMb': { cn: '单张上传图片的最大大小（MiB）', en: 'Largest image an upload may be (MiB)' },
  'setting.sla.hours.low': { cn: '低优先级工单按时完成的小时数', en: 'Hours to complete a low-priority order on time' },
  'setting.sla.hours.normal': { cn: '普通优先级工单按时完成的小时数', en: 'Hours to complete a normal order on time' },
  'setting.sla.hours.high': { cn: '高优先级工单按时完成的小时数', en: 'Hours to complete a high-priority order on time' },
  'setting.sla.hours.urgent': { cn: '紧急工单按时完成的小时数', en: 'Hours to complete an urgent order on time' },
  'setting.wall.visitorHours': { cn: '项目访客会话（login2）的有效时长（小时）', en: 'How long a project visitor session (login2) lasts (hours)' },
  'setting.wall.refreshSeconds': { cn: '大屏面板的刷新间隔（秒）', en: 'How often wall panels refresh (seconds)' },
  'setting.wall.tileUrl': { cn: '大屏地图瓦片地址模板（{z}/{x}/{y}），留空则只用离线世界地图', en: 'Map tile URL template for the walls ({z}/{x}/{y}); empty = offline world map only' },
  'setting.camera.tokenUrl': { cn: '用 AppKey 和 Secret 换取访问令牌的摄像头云接口地址', en: 'Camera cloud endpoint that trades an app key and secret for an access token' },
  'setting.detect.closeAfterNormal': { cn: '关闭通道告警所需的连续正常读数次数', en: 'Normal readings that close a channel warning' },
  'setting.detect.clockSkewSeconds': {
    cn: '板卡读数时间与服务器时钟允许相差的秒数（更早或更晚的签名读数被拒收）',
    en: "Seconds a board's signed reading time may differ from the server clock (older or later readings are refused)",
  },
  'setting.orders.confirmMinutes': {
    cn: '由检测通道生成的工单报告已修复后，通道须连续读数正常的分钟数，工单才完成（期间为待确认）',
    en: "Minutes a channel's order reported fixed must read normal before it is completed (awaiting confirmation meanwhile)",
  },
  'setting.orders.dueNoticeMinutes': {
    cn: '工单到期前多少分钟提醒其负责人（站内通知和邮件，每个工单和到期时间一次）',
    en: "Minutes before an order's due time its assignee is told (in-app and by e-mail, once per order and due time)",
  },
  'setting.orders.clockSkewMinutes': {
    cn: '提交、维修或完成时间可超前服务器时钟的分钟数（设备和浏览器的时钟会有偏差）',
    en: 'Minutes a submission, repair or completion time may lie ahead of the server clock (device and browser clocks drift)',
  },
  'setting.log.retentionDays': { cn: '操作日志和登录日志的保留天数', en: 'Days operation and login logs are kept' },
  'setting.analytics.enabled': {
    cn: '记录使用分析：页面访问和操作按钮（每 3 秒成批发送，只记会话的用户，不记地址和浏览器）',
    en: 'Record usage analytics: page views and action buttons (sent in batches every 3 s; only the session\'s user, no address or browser)',
  },
  'setting.analytics.retentionDays': { cn: '使用分析记录的保留天数', en: 'Days usage analytics events are kept' },
  'job.analyticsPurge.name': { cn: '使用分析保留', en: 'Usage analytics retention' },
  'job.analyticsPurge.remark': { cn: '每天 03:40 删除超过 analytics.retentionDays 天的使用分析记录', en: 'Deletes usage analytics events older than analytics.retentionDays (daily 03:40)' },
  'job.handler.analytics.purge': { cn: '删除超过保留天数的使用分析记录（未指定 days 时取 analytics.retentionDays）', en: 'Deletes usage analytics events older than the retention (analytics.retentionDays unless days is given)' },
  // alarms on the walls
  'setting.alarm.popupLevels': {
    cn: '在大屏上弹出并报警的告警级别，用逗号分隔（info、warning、critical）',
    en: 'Warning levels that pop up and sound on the walls, separated by commas (info, warning, critical)',
  },
  'setting.alarm.sounds': {
    cn: '每个告警级别的提示音（JSON，例如 {"warning":"chime","critical":"siren"}；可选 none、beep、chime、siren）',
    en: 'The sound of each warning level (JSON, e.g. {"warning":"chime","critical":"siren"}; none, beep, chime or siren)',
  },
  'setting.alarm.escalateMinutes': { cn: '告警多少分钟未确认即升级（再次弹出并标记超时；0 表示不升级）', en: 'Minutes an alarm may stay unacknowledged before it escalates (pops up again, marked overdue; 0 = never)' },
  'setting.alarm.muteMinutes': {
    cn: '大屏静音持续的分钟数，到时自动恢复声音（可为小数；升级的告警静音时也报警；0 表示不能静音）',
    en: 'Minutes a wall stays muted before its sound comes back by itself (fractions allowed; escalated alarms sound even when muted; 0 = walls cannot be muted)',
  },
  'setting.alarm.notifyMinutes': {
    cn: '告警未确认多少分钟后通知第 1、2、3… 级的升级通知人（邮件或 Webhook），用逗号分隔，例如 10,30,60；留空表示不通知',
    en: 'Minutes unacknowledged after which the escalation recipients of level 1, 2, 3… are told (e-mail or webhook), separated by commas, e.g. 10,30,60; empty = nobody is told',
  },
  'notify.subject': { cn: '[告警升级 第{level}级] {project}：{info}', en: '[Escalation level {level}] {project}: {info}' },
  'notify.body': {
    cn: '告警已 {minutes} 分钟未确认。\n项目：{project}\n级别：{warningLevel}\n内容：{info}\n发生时间：{at}\n告警编号：{id}',
    en: 'This alarm has been unacknowledged for {minutes} minutes.\nProject: {project}\nLevel: {warningLevel}\nWhat: {info}\nSince: {at}\nWarning no.: {id}',
  },
  'notify.resubject': { cn: '[告警仍未消除 第{round}次提醒] {project}：{info}', en: '[Still standing, reminder {round}] {project}: {info}' },
  'notify.rebody': {
    cn: '告警已由 {ackBy} 确认，但 {minutes} 分钟后仍未消除。\n项目：{project}\n级别：{warningLevel}\n内容：{info}\n发生时间：{at}\n告警编号：{id}',
    en: 'This alarm was acknowledged by {ackBy} but is still standing after {minutes} minutes.\nProject: {project}\nLevel: {warningLevel}\nWhat: {info}\nSince: {at}\nWarning no.: {id}',
  },
  // Boards of one project gone offline together: one message for them all (docs/escalation.md).
  'notify.groupSubject': { cn: '[告警升级 第{level}级] {project}：{count} 块检测板离线：{boards}', en: '[Escalation level {level}] {project}: {count} boards offline: {boards}' },
  'notify.groupBody': {
    cn: '本项目有 {count} 块检测板在一分钟内相继离线，告警已 {minutes} 分钟未确认。\n项目：{project}\n级别：{warningLevel}\n{lines}',
    en: '{count} detection boards of this project went offline within a minute; unacknowledged for {minutes} minutes.\nProject: {project}\nLevel: {warningLevel}\n{lines}',
  },
  'notify.groupLine': { cn: '{board}：离线时间 {at}，告警编号 {id}', en: '{board}: offline since {at}, warning no. {id}' },
  'notify.grouped': { cn: '已与告警 {id} 的通知合并为一条发送', en: 'Sent in one message with warning no. {id}' },
  'notify.cancelledAck': { cn: '告警已由 {by} 确认，未再发送', en: 'Not sent: the alarm was acknowledged by {by}' },
  'notify.cancelledClosed': { cn: '告警已处理或已抑制，未再发送', en: 'Not sent: the alarm was closed or suppressed' },
  'notify.refused': { cn: '{host} 不在外部地址允许列表（security.outboundHosts）中', en: '{host} is not on the allowed outbound hosts (security.outboundHosts)' },
  'notify.noSmtp': { cn: '未配置邮件服务器（SMTP_HOST）', en: 'No mail server is configured (SMTP_HOST)' },
  'notify.recipientGone': { cn: '通知人已删除', en: 'The recipient was deleted' },
  'err.warningAcked': { cn: '该告警已确认', en: 'This alarm has already been acknowledged' },
  // shelving, out of service, suppression by cause (docs/alarms.md)
  'v.shelveTarget': { cn: '请指定一个告警（id）或一台设备（equipmentId），二者选一', en: 'Name one alarm (id) or one unit (equipmentId), not both' },
  'v.shelveTooLong': { cn: '超过允许的最长搁置时间（alarm.shelveMaxMinutes）', en: 'Longer than the longest shelving allowed (setting alarm.shelveMaxMinutes)' },
  'err.shelveTooLong': { cn: '告警最多可搁置 {max} 分钟（设置 alarm.shelveMaxMinutes）', en: 'An alarm may be shelved for at most {max} minutes (setting alarm.shelveMaxMinutes)' },
  'err.nothingToShelve': { cn: '没有可搁置的未处理告警', en: 'There is no open alarm to shelve' },
  'err.nothingToUnshelve': { cn: '没有已搁置的告警', en: 'There is no shelved alarm' },
  'v.serviceUntilPast': { cn: '恢复时间应晚于现在', en: 'The end must be later than now' },
  'err.alreadyOutOfService': { cn: '该设备已停用', en: 'This unit is already out of service' },
  'err.notOutOfService': { cn: '该设备未停用', en: 'This unit is not out of service' },
  'text.shelveExpired': { cn: '搁置到期', en: 'Shelving ended' },
  'text.serviceEnded': { cn: '停用到期，恢复使用', en: 'Out of service ended: back in service' },
  'setting.alarm.shelveMaxMinutes': {
    cn: '告警最多可搁置的分钟数（到期自动恢复，若故障仍在则再次报警）',
    en: 'The longest an alarm may be shelved, in minutes (it comes back by itself, and sounds again if the fault still stands)',
  },
  'err.riskNotOpen': { cn: '该风险已不在待处理状态', en: 'This finding is no longer open' },
  'ok.success': { cn: '成功', en: 'success' },
  // archive and delete (docs/invariants.md "Archive and delete"): {name} and {deps} are filled in by the server (translateWith)
  'err.keptArchived': { cn: '{name} 有 {deps}，已归档保留，不能删除', en: '{name} has {deps}: it stays archived and cannot be deleted' },
  'err.deviceInUse': { cn: '设备型号 {name} 被 {deps} 使用，不能删除', en: 'Device model {name} is used by {deps}: it cannot be deleted' },
  'err.roleInUse': { cn: '角色 {name} 有 {deps}，不能删除', en: 'Role {name} has {deps}: it cannot be deleted' },
  'err.billHasHistory': { cn: '账单 {name} 有 {deps}，不能删除', en: 'Bill {name} has {deps}: it cannot be deleted' },
  'err.archived': { cn: '{name} 已归档，请先恢复', en: '{name} is archived: restore it first' },
  'v.confirmArchive': {
    cn: '有历史记录（工单、告警等）的数据将归档而不是删除，归档后可由管理员恢复；没有历史记录的将被删除。确定吗？',
    en: 'Rows with history (orders, warnings …) will be archived, not deleted, and an administrator can restore them; rows without history are deleted. Continue?',
  },
  'err.archivedTarget': { cn: '已归档的项目、设备或检测板不能再使用，请先恢复', en: 'An archived project, equipment or board cannot be used: restore it first' },
  'dep.order': { cn: '{n} 个工单', en: '{n} order' },
  'dep.orders': { cn: '{n} 个工单', en: '{n} orders' },
  'dep.warning': { cn: '{n} 条告警', en: '{n} warning' },
  'dep.warnings': { cn: '{n} 条告警', en: '{n} warnings' },
  'dep.training': { cn: '{n} 条培训记录', en: '{n} training record' },
  'dep.trainings': { cn: '{n} 条培训记录', en: '{n} training records' },
  'dep.equipment': { cn: '{n} 台设备', en: '{n} piece of equipment' },
  'dep.equipments': { cn: '{n} 台设备', en: '{n} pieces of equipment' },
  'dep.board': { cn: '{n} 块检测板', en: '{n} detection board' },
  'dep.boards': { cn: '{n} 块检测板', en: '{n} detection boards' },
  'dep.user': { cn: '{n} 个用户', en: '{n} user' },
  'dep.users': { cn: '{n} 个用户', en: '{n} users' },
  'dep.record': { cn: '{n} 条状态变更记录', en: '{n} state change' },
  'dep.records': { cn: '{n} 条状态变更记录', en: '{n} state changes' },
  // readings at fleet scale: raw readings, per-minute and per-hour trends, their purge
  'setting.detect.rawRetentionHours': { cn: '检测板原始读数的保留小时数（至少 1）', en: 'Hours raw board readings are kept (at least 1)' },
  'setting.detect.minuteRetentionDays': { cn: '通道每分钟趋势的保留天数', en: 'Days the per-minute channel trends are kept' },
  'setting.detect.hourRetentionDays': { cn: '通道每小时趋势的保留天数', en: 'Days the per-hour channel trends are kept' },
  'job.detectTrends.name': { cn: '读数趋势汇总', en: 'Reading trends' },
  'job.detectTrends.remark': {
    cn: '每分钟把检测板读数汇总为每分钟和每小时趋势，并删除超过保留期的读数和趋势',
    en: 'Every minute: rolls board readings up into per-minute and per-hour trends and deletes readings and trends past their retention',
  },
  'job.handler.detect.trends': {
    cn: '把原始读数汇总为每分钟和每小时趋势（最小、最大、平均、次数），删除超过 detect.*Retention* 设置的数据',
    en: 'Rolls raw readings up into per-minute and per-hour trends (min, max, average, count) and deletes what is older than the detect.*Retention* settings',
  },
  // the predictive detector (issue 30, docs/predictive.md): a finding's reason, stored as key + numbers
  'text.risk.drift': {
    cn: '{board} CH{ch}{label}：{days} 天内变化 {pct}%（占量程），预计约 {etaDays} 天后超出正常范围',
    en: '{board} CH{ch}{label}: {pct} % of its range over {days} days; projected to leave its range in ~{etaDays} days',
  },
  'text.risk.flicker': { cn: '{board} CH{ch}{label}：每天异常波动 {perDay} 小时，此前约 {before} 小时', en: '{board} CH{ch}{label}: dips or spikes in {perDay} hours a day, about {before} before' },
  'text.risk.step': { cn: '{board} CH{ch}{label}：近 {days} 天读数突变 {pct}%（占量程）', en: '{board} CH{ch}{label}: its level stepped {pct} % of its range in the last {days} days' },
  'text.checklistFailed': { cn: '检查表「{checklist}」不合格（{order}）：{items}', en: 'Checklist “{checklist}” failed ({order}): {items}' },
  'text.risk.recovered': { cn: '趋势已恢复，预防性工单自动关闭。原因：{reason}', en: 'The trend recovered; this preventive order closed itself. It was opened for: {reason}' },
  'job.predictScan.name': { cn: '通道趋势预测', en: 'Channel trend prediction' },
  'job.predictScan.remark': {
    cn: '每小时汇总通道的每日历史，发现趋向故障的通道时开预防性工单，趋势恢复时自动关闭',
    en: 'Hourly: summarises each channel’s days, opens a preventive order for a channel heading for a fault, and closes it when the trend recovers',
  },
  'job.handler.predict.scan': {
    cn: '预测检测：按日汇总每小时趋势，检测漂移、闪烁和阶跃，开启或关闭预防性工单（docs/predictive.md）',
    en: 'Predictive detector: summarises the per-hour trend by day, detects drift, flicker and steps, opens or closes preventive orders (docs/predictive.md)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

export function translate(key: string, locale: Locale): string {
  return isMessageKey(key) ? MESSAGES[key][locale] : key;
}

/** Picks the locale from an Accept-Language header: Chinese unless English is preferred. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return 'cn';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'cn';
}

// archive and delete (docs/invariants.md "Archive and delete"): messages with parameters.
/** A parameter: plain text or a number, or a list of counted message keys ("12 orders and 3 boards"). */
export type MessageParam = string | number | { key: MessageKey; n: number }[];

const LIST_JOIN: Record<Locale, { sep: string; last: string }> = { cn: { sep: '、', last: '和 ' }, en: { sep: ', ', last: ' and ' } };

/** translate, then fill `{name}` placeholders; a list parameter is translated item by item and joined. */
export function translateWith(key: string, locale: Locale, params?: Record<string, MessageParam>): string {
  const text = translate(key, locale);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    if (!Array.isArray(v)) return String(v);
    const parts = v.map((item) => translate(item.key, locale).replace('{n}', String(item.n)));
    const { sep, last } = LIST_JOIN[locale];
    return parts.length <= 1 ? (parts[0] ?? '') : parts.slice(0, -1).join(sep) + last + parts[parts.length - 1];
  });
}
