/**
 * Hand-written facts behind the demo data: real places, plausible installations, real makers.
 * Country is an ISO 3166 code (the client shows it in the reader's language through
 * Intl.DisplayNames); cities in China are written in Chinese, elsewhere in English.
 */

/** [nameCn, nameEn, city, country, longitude, latitude, area, waterType, projectType, status] */
export type DemoProject = [string, string, string, string, number, number, string, string, string, string];

export const DEMO_PROJECTS: DemoProject[] = [
  ['西湖音乐喷泉', 'West Lake Musical Fountain', '杭州', 'CN', 120.1485, 30.2592, 'east', 'musical', 'LAKE', 'A'],
  ['钱江新城灯光水幕', 'Qianjiang New Town Water Curtain', '杭州', 'CN', 120.2132, 30.2453, 'east', 'curtain', 'PLAZA', 'A'],
  ['大唐不夜城音乐喷泉', 'Great Tang Everbright City Fountain', '西安', 'CN', 108.9652, 34.2131, 'northwest', 'musical', 'SCENIC', 'A'],
  ['大雁塔北广场喷泉', 'Big Wild Goose Pagoda North Square Fountain', '西安', 'CN', 108.9642, 34.2221, 'northwest', 'musical', 'PLAZA', 'A'],
  ['外滩源旱地喷泉', 'Bund Origin Dry-deck Fountain', '上海', 'CN', 121.4871, 31.2443, 'east', 'drydeck', 'PLAZA', 'A'],
  ['世纪公园音乐喷泉', 'Century Park Musical Fountain', '上海', 'CN', 121.5513, 31.2195, 'east', 'musical', 'PARK', 'A'],
  ['上海国际主题乐园城堡水景', 'Shanghai Theme Park Castle Water Feature', '上海', 'CN', 121.6672, 31.1434, 'east', 'fountain', 'THEMEPARK', 'A'],
  ['奥林匹克公园龙形水系', 'Olympic Park Dragon Waterway', '北京', 'CN', 116.3915, 40.0012, 'north', 'fountain', 'PARK', 'A'],
  ['国贸中心跌水景观', 'China World Cascade', '北京', 'CN', 116.4592, 39.9091, 'north', 'waterfall', 'MALL', 'A'],
  ['颐堤港室内瀑布', 'Indigo Indoor Waterfall', '北京', 'CN', 116.4903, 39.9702, 'north', 'waterfall', 'MALL', 'A'],
  ['花城广场音乐喷泉', 'Huacheng Square Musical Fountain', '广州', 'CN', 113.3251, 23.1191, 'south', 'musical', 'PLAZA', 'A'],
  ['长隆水上乐园主题水景', 'Chimelong Water Park Feature', '广州', 'CN', 113.3302, 22.9991, 'south', 'fountain', 'THEMEPARK', 'A'],
  ['欢乐海岸水秀剧场', 'OCT Harbour Water Show', '深圳', 'CN', 113.9872, 22.5241, 'south', 'musical', 'WATERFRONT', 'A'],
  ['深圳湾公园旱喷', 'Shenzhen Bay Park Dry-deck Fountain', '深圳', 'CN', 113.9512, 22.5113, 'south', 'drydeck', 'PARK', 'A'],
  ['前海壹方城中庭瀑布', 'Qianhai Uniwalk Atrium Waterfall', '深圳', 'CN', 113.8831, 22.5532, 'south', 'waterfall', 'MALL', 'C'],
  ['天府广场音乐喷泉', 'Tianfu Square Musical Fountain', '成都', 'CN', 104.0661, 30.6573, 'southwest', 'musical', 'PLAZA', 'A'],
  ['太古里水幕景观', 'Taikoo Li Water Curtain', '成都', 'CN', 104.0832, 30.6542, 'southwest', 'curtain', 'MALL', 'A'],
  ['解放碑步行街喷泉', 'Jiefangbei Pedestrian Street Fountain', '重庆', 'CN', 106.5773, 29.5571, 'southwest', 'fountain', 'PLAZA', 'A'],
  ['来福士观景台水幕', 'Raffles City Sky Deck Water Curtain', '重庆', 'CN', 106.5851, 29.5672, 'southwest', 'curtain', 'MALL', 'B'],
  ['东湖音乐喷泉', 'East Lake Musical Fountain', '武汉', 'CN', 114.4102, 30.5611, 'central', 'musical', 'LAKE', 'A'],
  ['光谷广场旱地喷泉', 'Optics Valley Square Dry-deck Fountain', '武汉', 'CN', 114.4003, 30.5052, 'central', 'drydeck', 'PLAZA', 'A'],
  ['玄武湖环湖喷泉', 'Xuanwu Lake Fountains', '南京', 'CN', 118.7971, 32.0732, 'east', 'fountain', 'LAKE', 'A'],
  ['金鹰世界空中叠水', 'Golden Eagle World Sky Cascade', '南京', 'CN', 118.7802, 32.0021, 'east', 'waterfall', 'MALL', 'C'],
  ['金鸡湖音乐喷泉', 'Jinji Lake Musical Fountain', '苏州', 'CN', 120.7132, 31.3181, 'east', 'musical', 'LAKE', 'A'],
  ['苏州中心天幕瀑布', 'Suzhou Center Skylight Waterfall', '苏州', 'CN', 120.6801, 31.3203, 'east', 'waterfall', 'MALL', 'A'],
  ['五缘湾湿地喷泉', 'Wuyuan Bay Wetland Fountain', '厦门', 'CN', 118.1771, 24.5202, 'east', 'fountain', 'PARK', 'A'],
  ['园博苑水上舞台', 'Garden Expo Floating Stage Fountain', '厦门', 'CN', 118.0801, 24.6012, 'east', 'musical', 'SCENIC', 'D'],
  ['五四广场海上喷泉', 'May Fourth Square Sea Fountain', '青岛', 'CN', 120.3842, 36.0621, 'east', 'fountain', 'PLAZA', 'A'],
  ['万达茂室内水秀', 'Wanda Mall Indoor Water Show', '青岛', 'CN', 120.2001, 36.0103, 'east', 'musical', 'MALL', 'B'],
  ['橘子洲音乐喷泉', 'Orange Isle Musical Fountain', '长沙', 'CN', 112.9603, 28.1902, 'central', 'musical', 'SCENIC', 'A'],
  ['梅溪湖旱地喷泉', 'Meixi Lake Dry-deck Fountain', '长沙', 'CN', 112.8802, 28.1911, 'central', 'drydeck', 'LAKE', 'C'],
  ['中央大街冰雪水景', 'Central Street Ice and Water Feature', '哈尔滨', 'CN', 126.6181, 45.7742, 'northeast', 'fountain', 'PLAZA', 'D'],
  ['青年公园音乐喷泉', 'Youth Park Musical Fountain', '沈阳', 'CN', 123.4301, 41.7803, 'northeast', 'musical', 'PARK', 'A'],
  ['星海广场喷泉', 'Xinghai Square Fountain', '大连', 'CN', 121.5851, 38.8782, 'northeast', 'fountain', 'PLAZA', 'A'],
  ['海河意式风情区喷泉', 'Haihe Italian Quarter Fountain', '天津', 'CN', 117.2001, 39.1382, 'north', 'fountain', 'WATERFRONT', 'A'],
  ['如意湖音乐喷泉', 'Ruyi Lake Musical Fountain', '郑州', 'CN', 113.7302, 34.7701, 'central', 'musical', 'LAKE', 'A'],
  ['滇池海埂水幕电影', 'Dianchi Haigeng Water Screen', '昆明', 'CN', 102.6702, 24.9603, 'southwest', 'curtain', 'SCENIC', 'B'],
  ['黄河之滨音乐喷泉', 'Yellow River Bank Musical Fountain', '兰州', 'CN', 103.8001, 36.0621, 'northwest', 'musical', 'WATERFRONT', 'D'],
  ['阅海湖人工瀑布', 'Yuehai Lake Waterfall', '银川', 'CN', 106.2302, 38.5013, 'northwest', 'waterfall', 'LAKE', 'C'],
  ['日月广场喷泉', 'Riyue Square Fountain', '海口', 'CN', 110.3501, 20.0202, 'south', 'fountain', 'MALL', 'A'],
  ['公司总部展示喷泉', 'Headquarters Showcase Fountain', '杭州', 'CN', 120.2101, 30.2803, 'east', 'fountain', 'CAMPUS', 'G'],
  ['集团研发中心水景试验台', 'Group R&D Water Feature Test Rig', '上海', 'CN', 121.6001, 31.2002, 'east', 'other', 'CAMPUS', 'F'],
  ['产品展厅旱喷样板', 'Product Showroom Dry-deck Sample', '广州', 'CN', 113.4001, 23.1203, 'south', 'drydeck', 'CAMPUS', 'E'],
  ['迪拜购物中心湖面喷泉', 'Dubai Mall Lake Fountain', 'Dubai', 'AE', 55.2744, 25.1952, 'overseas', 'musical', 'WATERFRONT', 'A'],
  ['亚斯湾滨水喷泉', 'Yas Bay Waterfront Fountain', 'Abu Dhabi', 'AE', 54.6023, 24.4611, 'overseas', 'fountain', 'WATERFRONT', 'C'],
  ['星耀樟宜雨漩涡', 'Jewel Changi Rain Vortex', 'Singapore', 'SG', 103.9893, 1.3602, 'overseas', 'waterfall', 'MALL', 'A'],
  ['圣淘沙时光之翼水幕', 'Sentosa Wings of Time Water Screen', 'Singapore', 'SG', 103.8172, 1.2541, 'overseas', 'curtain', 'THEMEPARK', 'A'],
  ['拉斯维加斯湖畔水秀', 'Las Vegas Lakeside Fountain Show', 'Las Vegas', 'US', -115.1742, 36.1123, 'overseas', 'musical', 'HOTEL', 'A'],
  ['布莱恩特公园喷泉', 'Bryant Park Fountain', 'New York', 'US', -73.9832, 40.7536, 'overseas', 'fountain', 'PARK', 'A'],
  ['特罗卡德罗喷泉', 'Trocadéro Fountains', 'Paris', 'FR', 2.2893, 48.8612, 'overseas', 'fountain', 'SCENIC', 'A'],
  ['蒙锥克魔幻喷泉', 'Montjuïc Magic Fountain', 'Barcelona', 'ES', 2.1521, 41.3712, 'overseas', 'musical', 'SCENIC', 'A'],
  ['台场海滨旱地喷泉', 'Odaiba Seaside Dry-deck Fountain', 'Tokyo', 'JP', 139.7752, 35.6271, 'overseas', 'drydeck', 'WATERFRONT', 'A'],
  ['盘浦大桥月光彩虹喷泉', 'Banpo Bridge Moonlight Rainbow Fountain', 'Seoul', 'KR', 126.9962, 37.5121, 'overseas', 'curtain', 'SCENIC', 'A'],
  ['达令港水景', 'Darling Harbour Water Feature', 'Sydney', 'AU', 151.2003, -33.8731, 'overseas', 'fountain', 'WATERFRONT', 'A'],
  ['扎里亚季耶公园瀑布', 'Zaryadye Park Cascade', 'Moscow', 'RU', 37.6291, 55.7512, 'overseas', 'waterfall', 'PARK', 'A'],
  ['苏丹艾哈迈德广场喷泉', 'Sultanahmet Square Fountain', 'Istanbul', 'TR', 28.9772, 41.0071, 'overseas', 'fountain', 'PLAZA', 'A'],
  ['多哈滨海大道喷泉', 'Doha Corniche Fountain', 'Doha', 'QA', 51.5302, 25.3001, 'overseas', 'musical', 'WATERFRONT', 'C'],
  ['城中城公园湖畔交响喷泉', 'KLCC Lake Symphony', 'Kuala Lumpur', 'MY', 101.7122, 3.1552, 'overseas', 'musical', 'PARK', 'A'],
  ['暹罗天地河畔喷泉', 'ICONSIAM River Park Fountain', 'Bangkok', 'TH', 100.5102, 13.7263, 'overseas', 'musical', 'MALL', 'A'],
  ['新首都中央公园喷泉', 'New Capital Central Park Fountain', 'Cairo', 'EG', 31.7301, 30.0202, 'overseas', 'fountain', 'PARK', 'C'],
  ['粮仓广场旱地喷泉', 'Granary Square Dry-deck Fountain', 'London', 'GB', -0.1251, 51.5362, 'overseas', 'drydeck', 'PLAZA', 'A'],
  ['罗德里戈湖浮动喷泉', 'Rodrigo de Freitas Floating Fountain', 'Rio de Janeiro', 'BR', -43.2103, -22.9712, 'overseas', 'fountain', 'LAKE', 'B'],
  ['宪法广场水景', 'Zócalo Water Feature', 'Mexico City', 'MX', -99.1332, 19.4326, 'overseas', 'fountain', 'PLAZA', 'B'],
  ['邓达斯广场旱喷', 'Yonge-Dundas Square Fountain', 'Toronto', 'CA', -79.3802, 43.6561, 'overseas', 'drydeck', 'PLAZA', 'A'],
  ['海滨大道水幕', 'Marine Drive Water Curtain', 'Mumbai', 'IN', 72.8231, 18.9402, 'overseas', 'curtain', 'WATERFRONT', 'D'],
  ['利雅得大道瀑布', 'Riyadh Boulevard Waterfall', 'Riyadh', 'SA', 46.6402, 24.7701, 'overseas', 'waterfall', 'THEMEPARK', 'C'],
  ['阿斯塔纳中央公园喷泉', 'Astana Central Park Fountain', 'Astana', 'KZ', 71.4302, 51.1301, 'overseas', 'fountain', 'PARK', 'B'],
  ['独立广场音乐喷泉', 'Monas Dancing Fountain', 'Jakarta', 'ID', 106.8272, -6.1754, 'overseas', 'musical', 'PLAZA', 'A'],
];

/** Project types (xmlx): [code, name, parent code]. */
export const DEMO_PROJECT_TYPES: [string, string, string][] = [
  ['PLAZA', '城市广场', ''],
  ['COMMERCIAL', '商业综合体', ''],
  ['MALL', '购物中心', 'COMMERCIAL'],
  ['WATERFRONT', '滨水商业', 'COMMERCIAL'],
  ['THEMEPARK', '主题公园', ''],
  ['HOTEL', '酒店', ''],
  ['SCENIC', '景区', ''],
  ['LAKE', '湖泊景区', 'SCENIC'],
  ['PARK', '城市公园', 'SCENIC'],
  ['CAMPUS', '企业园区', ''],
];

/** Device catalogue: [name, category, maker, model, remark]. */
export const DEMO_DEVICES: [string, string, string, string, string][] = [
  ['立式多级离心泵', 'pump', 'Grundfos', 'CR 45-3', '主循环泵，45 m³/h'],
  ['潜水排污泵', 'pump', 'Grundfos', 'SEG.40.15.2', '集水坑排污'],
  ['水景潜水泵', 'pump', 'OASE', 'Aquarius Universal 12000', '小型跌水'],
  ['变频增压泵', 'pump', 'Wilo', 'Helix V 1605', '喷泉高喷增压'],
  ['中心高喷喷头', 'nozzle', 'OASE', 'Comet 3-30E', '主喷高度 30 m'],
  ['摇摆喷头', 'nozzle', 'Crystal Fountains', 'Oscillator DX', '音乐摇摆'],
  ['雾化喷头', 'nozzle', 'OASE', 'Mist Nozzle M1', '冷雾景观'],
  ['水幕发生器', 'nozzle', 'Crystal Fountains', 'Curtain CW-6', '水幕电影'],
  ['RGBW 水下灯', 'light', 'Philips', 'Color Kinetics UW-36', 'DMX512'],
  ['LED 水下射灯', 'light', 'OSRAM', 'Aquastar 24W', ''],
  ['激光投影灯', 'light', 'Kvant', 'Clubmax 6000', '水幕激光'],
  ['不锈钢电磁阀', 'valve', 'Burkert', 'Type 6213', 'DN25 常闭'],
  ['电动蝶阀', 'valve', 'Siemens', 'VKF46.100', 'DN100'],
  ['高速开关阀', 'valve', 'Danfoss', 'EV220B', '数码喷泉'],
  ['喷泉控制柜', 'controller', 'Siemens', 'SIMATIC S7-1200', '程序控制'],
  ['音乐喷泉控制器', 'controller', 'Schneider Electric', 'Modicon M241', '音乐联动'],
  ['变频器', 'controller', 'ABB', 'ACS580-01', '泵组变频'],
  ['IO 检测板', 'controller', 'Advantech', 'ADAM-6050', 'Modbus TCP，九路检测'],
  ['液位传感器', 'sensor', 'Endress+Hauser', 'Waterpilot FMX21', '0–4 m'],
  ['压力变送器', 'sensor', 'Siemens', 'SITRANS P200', '0–1.6 MPa'],
  ['电磁流量计', 'sensor', 'Endress+Hauser', 'Promag W 400', ''],
  ['风速风向仪', 'sensor', 'Vaisala', 'WMT700', '大风自动降喷'],
  ['水质在线监测仪', 'sensor', 'Hach', 'SC200', '浊度、余氯'],
  ['网络球机', 'camera', 'Hikvision', 'DS-2DE4425IW', '4MP 25x'],
  ['枪式摄像机', 'camera', 'Dahua', 'IPC-HFW5442E', '4MP'],
  ['砂缸过滤器', 'other', 'Pentair', 'Triton II TR140', '循环过滤'],
  ['紫外线消毒器', 'other', 'Xylem', 'WEDECO Spektron 50', ''],
];

/** Common faults per device category: [name cn, name en, description cn, description en]. */
export const DEMO_FAULTS: Record<string, [string, string, string, string][]> = {
  pump: [
    ['水泵运行异响', 'Pump running noisily', '巡检发现泵体异响并伴有振动，疑似轴承磨损。', 'Noise and vibration at the pump, bearing wear suspected.'],
    ['水泵无法启动', 'Pump does not start', '控制柜下发启动指令后水泵无响应，热继电器跳闸。', 'No response to the start command; the thermal relay tripped.'],
    ['水泵出水压力不足', 'Low pump discharge pressure', '主喷高度明显下降，出口压力低于设定值。', 'Main jet height dropped; discharge pressure below setpoint.'],
    ['机械密封漏水', 'Mechanical seal leaking', '泵房地面积水，机械密封处滴漏。', 'Water on the pump room floor, dripping at the mechanical seal.'],
  ],
  nozzle: [
    ['喷头堵塞', 'Nozzle clogged', '喷水形态散乱，喷头内有杂物和水垢。', 'Spray pattern broken, debris and scale in the nozzle.'],
    ['摇摆喷头卡滞', 'Oscillating nozzle stuck', '摇摆机构不动作，电机有电但不转。', 'Oscillator does not move; the motor is powered but does not turn.'],
    ['喷头松动偏斜', 'Nozzle loose and tilted', '喷柱明显倾斜，固定螺栓松动。', 'Jet visibly tilted, fixing bolts loose.'],
    ['雾化效果差', 'Poor misting', '雾化量不足，部分喷嘴不出雾。', 'Too little mist, some nozzles give none.'],
  ],
  light: [
    ['水下灯不亮', 'Underwater light off', '夜间表演时一组水下灯不亮。', 'A group of underwater lights stays dark during the night show.'],
    ['灯具进水', 'Water inside the fixture', '灯罩内有水汽，绝缘电阻偏低。', 'Condensation inside the lens, insulation resistance low.'],
    ['DMX 信号异常', 'DMX signal fault', '灯光颜色跳变，不受控台控制。', 'Colours jump and do not follow the console.'],
    ['灯光闪烁', 'Lights flickering', '部分灯具频繁闪烁。', 'Some fixtures flicker constantly.'],
  ],
  valve: [
    ['电磁阀不动作', 'Solenoid valve not switching', '阀门线圈有电但不开启。', 'The coil is energised but the valve does not open.'],
    ['阀门关闭不严', 'Valve not closing fully', '停喷后喷头仍有滴水。', 'Nozzles keep dripping after the show stops.'],
    ['阀体漏水', 'Valve body leaking', '阀门法兰处渗漏。', 'Seepage at the valve flange.'],
    ['执行器故障', 'Actuator fault', '电动蝶阀执行器报警，无法调节开度。', 'Butterfly valve actuator in alarm, opening cannot be set.'],
  ],
  controller: [
    ['控制柜通讯中断', 'Control cabinet offline', '远程平台无法连接控制柜，PLC 通讯中断。', 'The platform cannot reach the cabinet; PLC link down.'],
    ['变频器过流报警', 'Drive overcurrent alarm', '变频器报 F0001 过流故障停机。', 'Drive stopped with overcurrent fault F0001.'],
    ['音乐同步错位', 'Music out of sync', '喷泉动作与音乐节拍不同步。', 'Fountain moves out of step with the music.'],
    ['检测板离线', 'Detection board offline', '检测板心跳超时，通道数据未更新。', 'Board heartbeat timed out, channel data stale.'],
  ],
  sensor: [
    ['液位读数异常', 'Water level reading wrong', '液位显示与实际水位偏差较大。', 'Displayed level far from the actual water level.'],
    ['压力变送器漂移', 'Pressure transmitter drifting', '压力读数持续漂移，需重新标定。', 'Pressure reading keeps drifting; recalibration needed.'],
    ['风速仪无数据', 'Anemometer silent', '风速风向仪无数据上传。', 'No data from the wind sensor.'],
    ['水质指标超标', 'Water quality out of range', '浊度超过设定阈值。', 'Turbidity above the threshold.'],
  ],
  camera: [
    ['摄像机画面丢失', 'Camera video lost', '监控平台显示视频丢失。', 'The monitoring platform shows video loss.'],
    ['球机无法转动', 'PTZ camera stuck', '云台控制无响应。', 'PTZ control does not respond.'],
    ['镜头起雾', 'Lens fogged', '夜间画面模糊，镜头内部起雾。', 'Blurred image at night, fog inside the lens.'],
    ['录像中断', 'Recording interrupted', 'NVR 录像存在断档。', 'Gaps in the NVR recording.'],
  ],
  other: [
    ['过滤器压差过高', 'Filter pressure too high', '砂缸进出口压差超过 0.08 MPa，需要反冲洗。', 'Sand filter differential above 0.08 MPa, backwash needed.'],
    ['紫外灯管报警', 'UV lamp alarm', '紫外线消毒器灯管寿命到期报警。', 'UV steriliser lamp end-of-life alarm.'],
    ['水池渗漏', 'Pool leaking', '水池补水量异常增大，疑似池体渗漏。', 'Make-up water much higher than usual, pool leak suspected.'],
    ['管道锈蚀', 'Pipe corrosion', '管道接口处锈蚀渗水。', 'Corrosion and seepage at pipe joints.'],
  ],
};

export const DEMO_PEOPLE_CN = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰', '吴婷', '徐斌', '孙丽'];
export const DEMO_PEOPLE_EN = ['James Miller', 'Sarah Chen', 'Ahmed Hassan', 'Maria Garcia', 'Kenji Sato', 'Olivia Brown', 'Lucas Martin', 'Priya Sharma'];
export const DEMO_REPAIRERS = ['李工', '王工', '陈工', '赵工', '刘师傅', '周师傅', 'Tom Wilson', 'Ravi Kumar'];

export const DEMO_NOTICES: [string, string][] = [
  ['春节期间喷泉表演时间调整', '春节期间（除夕至初七）各项目音乐喷泉每晚加演一场，演出时间 19:00-22:30，请各项目运维人员提前完成设备巡检。'],
  ['汛期设备安全巡检通知', '进入汛期，请各项目重点检查泵房排水、控制柜防水及水下灯绝缘情况，发现问题及时提交工单。'],
  ['平台升级维护公告', '本周六 02:00-04:00 平台升级维护，期间大屏数据可能短暂中断。'],
  ['大风天气降喷提醒', '气象台发布大风蓝色预警，请开启风速联动自动降喷功能，风速超过 10 m/s 时停止高喷。'],
  ['年度维保合同续签提醒', '多个项目维保合同将于下月到期，请项目经理及时与业主沟通续签事宜。'],
];
