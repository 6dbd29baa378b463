"""A general-purpose Chinese→English vocabulary of software, operations and ML words (plain data, no imports).

Each pair is "中文 english": the Chinese word and the English word a technical note would use for it.
The glossary stems the English side; the segmenter learns the Chinese side as whole words.
"""

from __future__ import annotations

PAIRS = """
部署 deploy|发布 release|上线 release|发版 release|回滚 rollback|测试 test|单测 test|单元测试 test|集成测试 integration|
迁移 migrat|数据库 database|缓存 cache|日志 log|超时 timeout|重试 retry|并发 concurren|并发数 concurren|线程 thread|
进程 process|副本 replica|分支 branch|主分支 main|合并 merg|提交 commit|推送 push|评审 review|审核 review|代码审查 review|
依赖 dependency|安装 install|构建 build|打包 build|编译 compil|配置 configur|环境 environment|测试环境 staging|
生产环境 production|生产 production|线上 production|本地 local|服务 servic|接口 api|请求 request|响应 response|用户 user|每人 user|人均 user|
密码 password|密钥 secret|令牌 token|权限 permission|文档 documentation|注释 comment|变量 variabl|函数 function|模块 modul|
组件 component|页面 page|图片 imag|颜色 color|主题 theme|深色模式 dark|深色 dark|暗色 dark|暗色模式 dark|写死 hard|字体 font|
样式 styl|格式化 format|缩进 indent|空格 spac|模型 model|训练 train|评估 eval|验证 validat|学习率 lr|批大小 batch|批次 batch|
步 step|步数 step|预热 warmup|数据 data|数据集 dataset|任务 job|调度 schedul|队列 queue|分区 partition|备份 backup|
监控 monitor|告警 alert|出站 outbound|入站 inbound|烧录 flash|指标 metric|覆盖率 coverage|延迟 latency|内存 memory|磁盘 disk|存储 storag|文件 file|目录 directory|
仓库 repository|版本 version|版本号 version|升级 upgrad|降级 downgrad|删除 delet|清理 clean|修复 fix|问题 issu|崩溃 crash|
错误 error|报错 error|异常 exception|弹窗 prompt|提示 prompt|评分 rating|通知 notification|消息 messag|邮件 email|短信 sms|
支付 payment|订单 order|退款 refund|价格 price|金额 amount|账 expense|记账 expense|货币 currency|同步 sync|冲突 conflict|
设备 devic|客户端 client|服务端 server|服务器 server|后端 backend|前端 frontend|硬编码 hard|十六进制 hex|组件里 component|
每次 every|永远 never|不要 never|总是 alway|一定要 alway|必须 must|禁止 never|之前 before|之后 after|天 day|小时 hour|
分钟 minut|秒 second|周 week|月 month|年 year|
连接 connection|连接数 connection|连接池 pool|线程池 pool|池 pool|会话 session|登录 login|注册 signup|过期 expir|
有效期 expir|保留 keep|上传 upload|下载 download|限制 limit|上限 limit|限流 rate|视频 video|音频 audio|大小 size|尺寸 size|
结账 checkout|购物车 cart|商品 product|库存 inventory|搜索 search|查询 query|索引 index|分页 pagination|首页 home|
夜间 night|每晚 night|晚上 night|凌晨 night|定时任务 cron|定时 schedul|脚本 script|命令 command|参数 parameter|
容器 container|镜像 image|集群 cluster|节点 node|实例 instance|分片 shard|负载均衡 balancer|域名 domain|证书 certificate|
端口 port|带宽 bandwidth|流量 traffic|吞吐 throughput|吞吐量 throughput|速率 rate|频率 frequency|间隔 interval|周期 period|
窗口 window|冷却 cooldown|心跳 heartbeat|轮询 poll|轨迹 track|物流 shipment|回调 callback|钩子 hook|事件 event|订阅 subscription|
消费者 consumer|生产者 producer|偏移 offset|消息队列 queue|推理 inference|微调 tune|轮次 epoch|样本 sample|权重 weight|
梯度 gradient|显存 memory|显卡 gpu|精度 precision|准确率 accuracy|召回率 recall|损失 loss|检查点 checkpoint|按钮 button|
路由 rout|网关 gateway|代理 proxy|负载 load|压测 load|性能 performance|基准 benchmark|审批 approval|批准 approval|
审批人 approver|评审人 reviewer|管理员 admin|值班 call|灰度 rollout|回归 regression|全量 full|增量 incremental|冒烟 smoke|
环境变量 variabl|请求体 body|银行卡 card|卡号 card|手机号 phone|用户名 username|表 table|字段 field|主键 key|恢复 restor|
快照 snapshot|重置 reset|清空 clear|归档 archive|压缩 compress|加密 encrypt|解密 decrypt|签名 signatur|鉴权 auth|
认证 auth|授权 authoriz|周日 sunday|星期天 sunday|星期日 sunday|周一 monday|周二 tuesday|周三 wednesday|周四 thursday|
周五 friday|周六 saturday|周末 weekend|早上 morning|直连 direct|直接 direct|源站 origin|静态 static|资源 asset|产物 artifact|
包 packag|锁文件 lockfile|功能 featur|开关 flag|特性 featur|第三方 party|发票 invoice|账单 bill|优惠券 coupon|会员 member|
验证码 code|看板 dashboard|仪表盘 dashboard|截图 screenshot|模拟器 simulator|真机 devic|安卓 android|苹果 ios|
客户 customer|租户 tenant|账号 account|角色 role|代码 code|并行 parallel|串行 serial|作业 job|工作流 workflow|
流水线 pipeline|持续集成 ci|机器 machin|主机 host|核 core|核心 core|空间 spac|硬盘 disk|语言 languag|中文 chinese|
英文 english|风格 styl|简短 short|正文 body|描述 description|子系统 subsystem|格式 format|翻译 translat|时间 time|时区 zone|默认 default|开启 enabl|启用 enabl|关闭 disabl|禁用 disabl|导出 export|
导入 import|异步 async|端到端 e2e|移动端 mobil|网页 web|重启 restart|扩容 scal|缩容 scal|副本数 replica|评论 comment|
文章 post|博客 blog|编辑 editor|作者 author|标签 tag|分类 category|图表 chart|报表 report|报告 report|导航 navigation|
菜单 menu|表单 form|输入框 input|列表 list|详情 detail|排序 sort|过滤 filter|筛选 filter|统计 statistic|埋点 tracking|
上报 report|采样 sampl|采样率 sampl|阈值 threshold|重放 replay|幂等 idempot|签到 checkin|头像 avatar|附件 attachment|封面 cover|缩略图 thumbnail|指数 exponential|退避 backoff|指数退避 backoff|熔断 circuit|降级 fallback|兜底 fallback|限速 rate|更新 updat|清单 checklist|记录 log|号 number|号码 number|单独 separat|跑 run|执行 run|运行 run|包含 contain|含有 contain|检查 check|确认 confirm|忽略 ignor|跳过 skip|等待 wait|失败 fail|成功 success|相同 same|一致 match|文件夹 folder|路径 path|链接 link|地址 address|名称 name|命名 name|前缀 prefix|后缀 suffix|大写 uppercas|小写 lowercas|中间件 middleware|插件 plugin|框架 framework|库 library|工具 tool|编辑器 editor|终端 terminal|浏览器 browser|数仓 warehouse|数据仓库 warehouse|列 column|裁剪 clip|发散 diverge|玩法 gameplay|操作 action|查数 query|收敛 converge|打开 enabl|笔 entry|条目 entry|费用 expense|支出 expense|时机 timing|走 go|拉取 pull|拉 pull|访问 access|访问量 traffic|读取 read|写入 write|读写 read|
保留期 retention|总线 bus|串口 uart|波特率 baud|锁 lock|过期时间 ttl|下限 minimum|配额 quota|核心线程数 core|看门狗 watchdog|读超时 timeout|
连接超时 timeout|容量 capacity|堆 heap|调试 debug|固件 firmwar|自动 automat|读 read|查库 database|推 push|推到 push|公开 public|
开 enable|前 before|控制台 console|位置 location|定位 location|刷新 refresh|心跳包 heartbeat|分页 pagination|每页 page|唯一 unique|返回 return|重复 repeat|键 key|完整 full|回答 reply|答复 reply|希望 want|
刷 refresh|补丁 patch|热更新 hotfix|热修复 hotfix|搞 do|弄 do|图 imag|租期 leas|租约 leas|字符 char|行宽 line|行长 line|
产品 product|负责人 owner|后台 admin|管理后台 admin|界面 ui|改动 change|日期 date|体积 size|引入 import|浮点 float|浮点数 float|
模板 template|整数 integer|小数 decimal|沙箱 sandbox|顾客 customer|客户 customer|虚拟 virtual|中转 relay|呼叫 call|展示 show|
显示 show|真实 real|隐藏 hide|角色 role|守卫 guard|演示 demo|备注 note|提审 submission|凭据 credential|
取消 cancel|下单 order|输入 input|骑手 driver|司机 driver|
自检 selftest|帧 frame|帧率 framerate|分辨率 resolution|验收 acceptance|活动 event|机型 device|
包邮 shipping|运费 shipping|免运费 shipping|配送 delivery|配送费 delivery|满减 discount|折扣 discount|优惠 discount|
商户 merchant|结算 payout|打款 payout|预算 budget|主包 bundl|推文 post|公众号 wechat|中午 noon|下午 afternoon|
大版本 major|小版本 minor|
勾 enable|勾选 enable|勾上 enable|关掉 disable|删 delet|删掉 delet|抛 throw|抛出 throw|
离线 offline|持久化 persistence|叠加 stack|
试用 trial|试用期 trial|免费 free|套餐 plan|宽限期 grace|保存 save|重建 rebuild|空闲 idle|闲置 idle|登出 logout|退出登录 logout|
累积 accumulation|梯度累积 accumulation|轮换 rotat|
"""

NAMES = """
安卓 android|苹果 apple|鸿蒙 harmonyos|微信 wechat|支付宝 alipay|钉钉 dingtalk|飞书 feishu|企业微信 wecom|谷歌 google|微软 microsoft|
阿里云 aliyun|腾讯云 tencentcloud|华为云 huaweicloud|亚马逊 amazon|小程序 miniprogram|抖音 douyin|淘宝 taobao|京东 jd|美团 meituan|
"""
"""Names of platforms, vendors and products that Chinese text writes in characters (their usual Latin name beside them)."""
