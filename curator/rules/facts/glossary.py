"""A small Chinese→English glossary of software and project words, so facts can be compared across languages.

Each Chinese word maps to the stemmed English token `subject_tokens` produces for its usual translation.
"""

from __future__ import annotations

from functools import lru_cache

from curator.rules.facts.subject import stem

_PAIRS = """
部署 deploy|发布 release|上线 release|回滚 rollback|测试 test|单测 test|单元测试 test|集成测试 integration|迁移 migrat|
数据库 database|缓存 cache|日志 log|超时 timeout|重试 retry|并发 concurren|线程 thread|进程 process|副本 replica|
分支 branch|主分支 main|合并 merg|提交 commit|推送 push|评审 review|审核 review|代码审查 review|依赖 dependency|
安装 install|构建 build|打包 build|编译 compil|配置 configur|环境 environment|测试环境 staging|生产环境 production|
生产 production|线上 production|本地 local|服务 servic|接口 api|请求 request|响应 respons|用户 user|密码 password|
密钥 secret|令牌 token|权限 permission|文档 documentation|注释 comment|变量 variabl|函数 function|模块 modul|组件 component|
页面 page|图片 imag|颜色 color|主题 theme|深色模式 dark|深色 dark|暗色 dark|写死 hard|字体 font|样式 styl|格式化 format|缩进 indent|空格 spac|
模型 model|训练 train|评估 eval|验证 validat|学习率 lr|批大小 batch|批次 batch|步 step|步数 step|预热 warmup|
数据 data|数据集 dataset|任务 job|调度 schedul|队列 queue|分区 partition|备份 backup|监控 monitor|告警 alert|
指标 metric|覆盖率 coverage|延迟 latency|内存 memory|磁盘 disk|存储 storag|文件 file|目录 directory|仓库 repository|
版本 version|升级 upgrad|降级 downgrad|删除 delet|清理 clean|修复 fix|问题 issu|崩溃 crash|错误 error|异常 exception|
弹窗 prompt|提示 prompt|评分 rating|通知 notification|消息 messag|邮件 email|短信 sms|支付 payment|订单 order|退款 refund|
价格 price|金额 amount|账 expens|记账 expens|货币 currency|同步 sync|冲突 conflict|设备 devic|客户端 client|服务端 server|
后端 backend|前端 frontend|写死 hard|硬编码 hard|十六进制 hex|组件里 component|每次 every|永远 never|不要 never|总是 alway|
一定要 alway|必须 must|禁止 never|之前 before|之后 after|天 day|小时 hour|分钟 minut|秒 second|周 week|月 month|年 year|
""".replace("\n", "")

GLOSSARY: dict[str, str] = {
    chinese: stem(english) for chinese, english in (pair.split() for pair in _PAIRS.split("|") if pair.strip())
}


@lru_cache(maxsize=200_000)
def concept(token: str) -> str:
    """The English token a Chinese word stands for (itself when unknown or already Latin)."""
    if token.isascii():
        return token
    found = GLOSSARY.get(token)
    if found is not None:
        return found
    if len(token) >= 2:
        for size in (3, 2, 1):
            for start in range(len(token) - size + 1):
                part = GLOSSARY.get(token[start : start + size])
                if part is not None:
                    return part
    return token
