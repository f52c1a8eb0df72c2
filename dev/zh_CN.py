"""Simplified Chinese translations of pagenote's UI, by English source text (the translator's working file;
``python dev/zh_CN.py`` writes them into resources/i18n/pagenote_zh_CN.ts after dev/update_translations.sh).
Terms: annotation 批注, annotation mode 批注模式, note 备注, batch 批次, agent 智能体, screenshot 截图,
full page 整页, overall note 总体备注, element 元素, frame 框架, socket 套接字."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ZH = {
    # AnnotateController
    "Annotation mode: click an element to pin a note · Esc to leave": "批注模式：点击元素钉上备注 · 按 Esc 退出",
    "Annotation mode off": "批注模式已关闭",
    "The page is not ready for annotation yet; try again in a moment": "页面尚未准备好批注，请稍后再试",
    "That frame cannot be annotated (its document is not reachable)": "无法批注该框架（无法访问其文档）",
    "Could not read that element (invalid record from the page)": "无法读取该元素（页面返回的记录无效）",
    "Annotation {0} · {1}": "批注 {0} · {1}",
    "Annotation deleted": "批注已删除",
    "Annotation {0} saved": "批注 {0} 已保存",
    "Annotation cancelled": "已取消批注",
    # AnnotationPanel
    "Overall note for the whole batch (optional)": "整批的总体备注（可选）",
    "Edit": "编辑",
    "Delete": "删除",
    "Send to agent": "发送给智能体",
    "Deliver this batch to coding agents waiting on pagenote's socket (annotations.wait / wait_for_annotations)":
        "把这一批交给正在 pagenote 套接字上等待的编程智能体（annotations.wait / wait_for_annotations）",
    "Sent to agents": "已发送给智能体",
    "Status": "状态",
    "<b>Overall note</b>": "<b>总体备注</b>",
    "<b>Annotations</b>": "<b>批注</b>",
    "(page)": "（页面）",
    "  [element no longer matched]": "  [元素已无法匹配]",
    "  (rematched)": "  （已重新匹配）",
    "  (hidden)": "  （已隐藏）",
    "  (hidden: {0})": "  （已隐藏：{0}）",
    "%n annotation(s)": "%n 条批注",
    "{0} (%n annotation(s))": "{0}（%n 条批注）",
    # DialogBar
    "Close": "关闭",
    "alert": "提示框",
    "confirm": "确认框",
    "prompt": "输入框",
    "leave-page confirmation": "离开页面确认",
    "pagenote left the page": "pagenote 已离开该页面",
    "pagenote closed it": "pagenote 已关闭它",
    "pagenote answered OK (true)": "pagenote 已回答“确定”（true）",
    "pagenote answered Cancel (false)": "pagenote 已回答“取消”（false）",
    "pagenote cancelled it (null)": "pagenote 已取消它（null）",
    "pagenote answered “{0}”": "pagenote 已回答“{0}”",
    "The page opened a {0}: “{1}” — {2}": "页面打开了一个{0}：“{1}”——{2}",
    "The page keeps opening dialogs: pagenote answers the rest at once without showing them ({0})":
        "页面不断弹出对话框：pagenote 会直接应答其余的对话框而不再显示（{0}）",
    # MainWindow
    "{0} — pagenote": "{0} — pagenote",
    "Navigation": "导航",
    "Address: URL, localhost:PORT or a file": "地址：URL、localhost:端口 或文件",
    "Annotations": "批注",
    "Annotate": "批注",
    "Annotation mode: click elements to pin numbered notes": "批注模式：点击元素钉上带编号的备注",
    "Screenshot": "截图",
    "Save the visible viewport as a PNG in shots/ (and a copy with the annotations drawn)":
        "把可见视口保存为 shots/ 中的 PNG（另存一份画有批注的副本）",
    "Full page": "整页",
    "Save the whole document as one PNG": "把整个文档保存为一张 PNG",
    "Full page with annotations": "整页（含批注）",
    "Save the whole document, plus a copy with the annotations drawn": "保存整个文档，另存一份画有批注的副本",
    "Crop annotated elements": "裁剪已批注的元素",
    "Save a crop of each annotated element and list it in its annotation": "为每个已批注的元素保存裁剪图，并在其批注中列出",
    "Copy": "复制",
    "Copy the annotations as Markdown": "以 Markdown 复制批注",
    "Save": "保存",
    "Save the annotations as Markdown in annotations/": "把批注以 Markdown 保存到 annotations/",
    "Send": "发送",
    "Send the annotations to waiting coding agents": "把批注发送给正在等待的编程智能体",
    "Clear": "清空",
    "Remove all annotations and the overall note": "删除所有批注和总体备注",
    "Copy path": "复制路径",
    "Not a URL or file: {0}": "不是 URL 或文件：{0}",
    "Could not open {0} ({1}). Check the address, or that its server is running, then reload (F5).":
        "无法打开 {0}（{1}）。请检查地址或确认其服务器正在运行，然后重新加载（F5）。",
    "%n note(s) over {0} characters cut, ending in a [truncated] line": "%n 条备注超过 {0} 个字符，已截断并以 [truncated] 行结尾",
    "Copied %n annotation(s) as Markdown ({0} characters)": "已以 Markdown 复制 %n 条批注（{0} 个字符）",
    "Save failed: {0}": "保存失败：{0}",
    "Saved %n annotation(s) to {0}": "已将 %n 条批注保存到 {0}",
    " and {0} with {1} numbered outlines": "，以及带 {1} 个编号轮廓的 {0}",
    "{0} saved: {1} ({2}×{3} px){4}": "{0}已保存：{1}（{2}×{3} 像素）{4}",
    "Taking screenshot…": "正在截图…",
    "Screenshot failed: {0}": "截图失败：{0}",
    "Capturing the full page…": "正在截取整页…",
    "Cancel": "取消",
    "Full-page screenshot failed: {0}": "整页截图失败：{0}",
    "Full-page screenshot": "整页截图",
    "Annotation {0}: {1}": "批注 {0}：{1}",
    "Saved %n element crop(s) in {0}": "已在 {0} 中保存 %n 张元素裁剪图",
    "Nothing to send: pin an annotation or write an overall note first": "没有可发送的内容：请先钉上批注或填写总体备注",
    "Send failed: could not store the batch: {0}": "发送失败：无法保存该批次：{0}",
    "Batch {0} is pending, but the agent socket is off: no agent can receive it now":
        "批次 {0} 正在等待，但智能体套接字已关闭：现在没有智能体能接收它",
    "Sent batch {0} to %n waiting agent(s)": "已将批次 {0} 发送给 %n 个正在等待的智能体",
    "No agent is waiting: batch {0} is pending and goes to the next annotations.wait":
        "没有智能体在等待：批次 {0} 将交给下一次 annotations.wait",
    "Copied {0}": "已复制 {0}",
    "Annotations cleared": "批注已清空",
    "Agent socket off: {0}": "智能体套接字已关闭：{0}",
    # NoteBox
    "What should change here? (optional)": "这里应该改成什么样？（可选）",
    "Enter save · Shift+Enter new line · Esc cancel": "Enter 保存 · Shift+Enter 换行 · Esc 取消",
    # HelpMenus
    "Annotation mode on/off": "开启/关闭批注模式",
    "Screenshot of the viewport": "视口截图",
    "Save the annotations": "保存批注",
    "Send the annotations to waiting agents": "把批注发送给正在等待的智能体",
    "Click": "点击",
    "Annotation mode: pin the element under the pointer": "批注模式：钉住指针下的元素",
    "Annotation mode: highlight the parent of the highlighted element": "批注模式：高亮当前高亮元素的父元素",
    "Annotation mode: the next element under the pointer (through overlays)": "批注模式：指针下的下一个元素（可穿过覆盖层）",
    "Note box: save the note": "备注框：保存备注",
    "Note box: new line": "备注框：换行",
    "Close the note box; again: leave annotation mode": "关闭备注框；再按一次：退出批注模式",
    "&Settings": "设置(&S)",
    "Language": "语言",
    "Follow the system": "跟随系统",
    "&Help": "帮助(&H)",
    "Keyboard shortcuts": "键盘快捷键",
    "About pagenote": "关于 pagenote",
    "The language changes the next time pagenote starts": "语言将在下次启动 pagenote 时更改",
    "Keys": "按键",
    "Action": "操作",
    "Annotate a web page element by element and hand the notes to a coding agent.":
        "逐个元素批注网页，并把批注交给编程智能体。",
    "Licences": "许可证",
    # ConsoleDock, DevToolsWindow, and their MainWindow actions
    "Console": "控制台",
    "All levels": "所有级别",
    "Warnings and errors": "警告和错误",
    "Errors": "错误",
    "Search messages": "搜索消息",
    "Copy entry": "复制条目",
    "DevTools — pagenote": "开发者工具 — pagenote",
    "The page's console messages and errors (Ctrl+Shift+J)": "页面的控制台消息和错误（Ctrl+Shift+J）",
    "Chromium's DevTools for this page, in a window of their own": "本页面的 Chromium 开发者工具，在单独的窗口中打开",
    "DevTools": "开发者工具",
    "View": "视图",
    "Agent": "智能体",
    "Let agents run JavaScript in the page (evaluate)": "允许智能体在页面中运行 JavaScript（evaluate）",
    "Agents may run JavaScript in the page": "智能体可以在页面中运行 JavaScript",
    "Agents may no longer run JavaScript in the page (evaluate is refused)": "智能体不能再在页面中运行 JavaScript（evaluate 会被拒绝）",
    # Tab
    "The page's renderer stopped ({0}, code {1}); press Reload": "页面的渲染进程已停止（{0}，代码 {1}）；请按“重新加载”",
    # DeviceChooser, DevicesDock (WebHID / Web Serial)
    "an HID device": "一个 HID 设备",
    "a serial port": "一个串口",
    "Connect a device — pagenote": "连接设备 — pagenote",
    "{0} wants to connect to {1}": "{0} 想要连接{1}",
    "No compatible devices found.": "未找到兼容的设备。",
    "Connect": "连接",
    "Unknown device": "未知设备",
    "serial {0}": "序列号 {0}",
    "Devices": "设备",
    "Device": "设备",
    "State": "状态",
    "Revoke access": "撤销访问权限",
    "Take back the selected origin's access to the device": "收回所选源对该设备的访问权限",
    "Log traffic": "记录通信",
    "Record every report and serial chunk of every page (off by default; a page opened with ?hidDebug=1 logs anyway)":
        "记录每个页面的每个报告和串口数据块（默认关闭；带 ?hidDebug=1 打开的页面总会记录）",
    "All": "全部",
    "Events": "事件",
    "Filter: device, hex or op": "筛选：设备、十六进制或操作",
    "Pause": "暂停",
    "Copy the selected rows (or all shown) as text lines": "将所选行（或全部显示的行）复制为文本行",
    "Export JSON Lines": "导出 JSON Lines",
    "Time": "时间",
    "Dir": "方向",
    "Report ID": "报告 ID",
    "Length": "长度",
    "Hex": "十六进制",
    "Op": "操作",
    "blocked": "已屏蔽",
    "open ({0})": "已打开（{0}）",
    "Serial": "串口",
    "granted": "已授权",
    "{0} entries shown; log {1}": "显示 {0} 条；记录{1}",
    "on": "开启",
    "off": "关闭",
    "Exported to {0}": "已导出到 {0}",
    "Devices pages use (WebHID, Web Serial) and their traffic (Ctrl+Shift+D)": "页面使用的设备（WebHID、Web Serial）及其通信（Ctrl+Shift+D）",
    # The window (issue: a finished look): browser keys, toolbar, find bar, mode banner, status line
    "the new annotation without a note was cancelled": "未写备注的新批注已取消",
    "annotation {0} saved": "批注 {0} 已保存",
    "Back": "后退",
    "Go back one page": "返回上一页",
    "Forward": "前进",
    "Go forward one page": "前进到下一页",
    "Reload": "重新加载",
    "Reload the page": "重新加载页面",
    "Hard reload": "强制重新加载",
    "Reload the page, bypassing the cache": "绕过缓存重新加载页面",
    "Stop": "停止",
    "Stop loading the page": "停止加载页面",
    "Address bar": "地址栏",
    "Focus and select the address bar": "聚焦并全选地址栏",
    "Zoom in": "放大",
    "Make the page larger": "放大页面",
    "Zoom out": "缩小",
    "Make the page smaller": "缩小页面",
    "Actual size": "实际大小",
    "Reset the page zoom to 100 %": "将页面缩放重置为 100 %",
    "Find in page": "在页面中查找",
    "Find text in the page": "在页面中查找文字",
    "Quit": "退出",
    "Quit pagenote": "退出 pagenote",
    "Parent element": "父元素",
    "Next element under the pointer": "指针下的下一个元素",
    "Previous match (Shift+Enter)": "上一个匹配（Shift+Enter）",
    "Next match (Enter)": "下一个匹配（Enter）",
    "Close (Esc)": "关闭（Esc）",
    "{0} of {1}": "第 {0} 个，共 {1} 个",
    "No matches": "无匹配",
    "Annotation mode — click an element to pin a note · Alt+↑ parent · Alt+↓ next under the pointer · Esc to leave":
        "批注模式 — 点击元素钉上备注 · Alt+↑ 父元素 · Alt+↓ 指针下的下一个 · Esc 退出",
    "Done": "完成",
    "Page zoom; click to reset to 100 % (Ctrl+0)": "页面缩放；点击重置为 100 %（Ctrl+0）",
    "The page's renderer stopped. Reload to continue — your annotations are kept.":
        "页面的渲染进程已停止。重新加载即可继续——你的批注都会保留。",
    "Toolbar": "工具栏",
    "No annotations yet.\nPress Annotate (Ctrl+Shift+A), then click an element on the page to pin a numbered note.":
        "还没有批注。\n按“批注”（Ctrl+Shift+A），然后点击页面上的元素，钉上带编号的备注。",
    "no note": "无备注",
    "Overall note": "总体备注",
    "stale": "失效",
    "rematched": "已重新匹配",
    "hidden": "已隐藏",
    "exact": "精确",
    "Note": "备注",
    "Element": "元素",
    "Selector": "选择器",
    "Page": "页面",
    # the agent bar (app/ui/agent_bar.py)
    "Take the page back: the agent's further actions are refused": "收回页面：智能体之后的操作将被拒绝",
    "Hand back to the agent": "交还给智能体",
    "Agent is using this page": "智能体正在使用此页面",
    " \u2014 the page opened a {0}: \u201c{1}\u201d; waiting for the agent's answer":
        " \u2014 页面打开了 {0}：\u201c{1}\u201d；正在等待智能体的回答",
    "You took the page back: the agent's actions are refused until you hand it back":
        "你已收回页面：在你交还之前，智能体的操作都会被拒绝",
}


def apply(ts: Path) -> list[str]:
    """Write ZH into ``ts`` (a Qt Linguist file); returns the source texts it has no translation for."""
    tree = ET.parse(ts)
    missing = []
    for message in tree.getroot().iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        if source not in ZH:
            missing.append(source)
            continue
        translation.attrib.pop("type", None)
        for child in list(translation):
            translation.remove(child)
        if message.get("numerus") == "yes":
            translation.text = None
            ET.SubElement(translation, "numerusform").text = ZH[source]
        else:
            translation.text = ZH[source]
    with open(ts, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
    return missing


if __name__ == "__main__":
    left = apply(Path(__file__).resolve().parents[1] / "resources" / "i18n" / "pagenote_zh_CN.ts")
    for source in left:
        print(f"untranslated: {source!r}", file=sys.stderr)
    sys.exit(1 if left else 0)
