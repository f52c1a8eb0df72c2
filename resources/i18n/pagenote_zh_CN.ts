<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnnotateController</name>
    <message>
        <location filename="../../app/ui/annotate.py" line="78" />
        <source>Annotation mode: click an element to pin a note · Esc to leave</source>
        <translation>批注模式：点击元素钉上备注 · 按 Esc 退出</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="79" />
        <source>Annotation mode off</source>
        <translation>批注模式已关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="134" />
        <source>The page is not ready for annotation yet; try again in a moment</source>
        <translation>页面尚未准备好批注，请稍后再试</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="142" />
        <source>That frame cannot be annotated (its document is not reachable)</source>
        <translation>无法批注该框架（无法访问其文档）</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="148" />
        <source>Could not read that element (invalid record from the page)</source>
        <translation>无法读取该元素（页面返回的记录无效）</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="167" />
        <source>Annotation {0} · {1}</source>
        <translation>批注 {0} · {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="194" />
        <source>Annotation deleted</source>
        <translation>批注已删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="201" />
        <source>Annotation {0} saved</source>
        <translation>批注 {0} 已保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="209" />
        <source>Annotation cancelled</source>
        <translation>已取消批注</translation>
    </message>
</context>
<context>
    <name>AnnotationPanel</name>
    <message>
        <location filename="../../app/ui/panel.py" line="46" />
        <source>Overall note for the whole batch (optional)</source>
        <translation>整批的总体备注（可选）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="51" />
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="52" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="53" />
        <source>Send to agent</source>
        <translation>发送给智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="54" />
        <source>Deliver this batch to coding agents waiting on pagenote's socket (annotations.wait / wait_for_annotations)</source>
        <translation>把这一批交给正在 pagenote 套接字上等待的编程智能体（annotations.wait / wait_for_annotations）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="62" />
        <source>Sent to agents</source>
        <translation>已发送给智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="62" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="66" />
        <source>&lt;b&gt;Overall note&lt;/b&gt;</source>
        <translation>&lt;b&gt;总体备注&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="68" />
        <source>&lt;b&gt;Annotations&lt;/b&gt;</source>
        <translation>&lt;b&gt;批注&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="106" />
        <source>(page)</source>
        <translation>（页面）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="119" />
        <source>  [element no longer matched]</source>
        <translation>  [元素已无法匹配]</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="123" />
        <source>  (rematched)</source>
        <translation>  （已重新匹配）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="125" />
        <source>  (hidden)</source>
        <translation>  （已隐藏）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="126" />
        <source>  (hidden: {0})</source>
        <translation>  （已隐藏：{0}）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel.py" line="141" />
        <source>%n annotation(s)</source>
        <translation><numerusform>%n 条批注</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel.py" line="153" />
        <source>{0} (%n annotation(s))</source>
        <translation><numerusform>{0}（%n 条批注）</numerusform></translation>
    </message>
</context>
<context>
    <name>ConsoleDock</name>
    <message>
        <location filename="../../app/ui/console_dock.py" line="31" />
        <source>Console</source>
        <extracomment>New entries reach the list in batches, at most this often (ms).</extracomment>
        <translation>控制台</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="39" />
        <source>All levels</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="39" />
        <source>Warnings and errors</source>
        <translation>警告和错误</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="40" />
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="43" />
        <source>Search messages</source>
        <translation>搜索消息</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="45" />
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="46" />
        <source>Copy entry</source>
        <translation>复制条目</translation>
    </message>
</context>
<context>
    <name>DevToolsWindow</name>
    <message>
        <location filename="../../app/ui/devtools.py" line="21" />
        <source>DevTools — pagenote</source>
        <translation>开发者工具 — pagenote</translation>
    </message>
</context>
<context>
    <name>DialogBar</name>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="30" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="42" />
        <source>alert</source>
        <translation>提示框</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="42" />
        <source>confirm</source>
        <translation>确认框</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="42" />
        <source>prompt</source>
        <translation>输入框</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="43" />
        <source>leave-page confirmation</source>
        <translation>离开页面确认</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="47" />
        <source>pagenote left the page</source>
        <translation>pagenote 已离开该页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="49" />
        <source>pagenote closed it</source>
        <translation>pagenote 已关闭它</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="51" />
        <source>pagenote answered OK (true)</source>
        <translation>pagenote 已回答“确定”（true）</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="51" />
        <source>pagenote answered Cancel (false)</source>
        <translation>pagenote 已回答“取消”（false）</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="53" />
        <source>pagenote cancelled it (null)</source>
        <translation>pagenote 已取消它（null）</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="54" />
        <source>pagenote answered “{0}”</source>
        <translation>pagenote 已回答“{0}”</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="58" />
        <source>The page opened a {0}: “{1}” — {2}</source>
        <translation>页面打开了一个{0}：“{1}”——{2}</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="64" />
        <source>The page keeps opening dialogs: pagenote answers the rest at once without showing them ({0})</source>
        <translation>页面不断弹出对话框：pagenote 会直接应答其余的对话框而不再显示（{0}）</translation>
    </message>
</context>
<context>
    <name>HelpMenus</name>
    <message>
        <location filename="../../app/ui/help_menu.py" line="34" />
        <source>Annotation mode on/off</source>
        <extracomment>Bundled components and their licences (what the standalone bundle ships; see each project's licence file).</extracomment>
        <translation>开启/关闭批注模式</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="35" />
        <source>Screenshot of the viewport</source>
        <translation>视口截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="36" />
        <source>Copy the annotations as Markdown</source>
        <translation>以 Markdown 复制批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="37" />
        <source>Save the annotations</source>
        <translation>保存批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="38" />
        <source>Send the annotations to waiting agents</source>
        <translation>把批注发送给正在等待的智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="42" />
        <source>Click</source>
        <translation>点击</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="42" />
        <source>Annotation mode: pin the element under the pointer</source>
        <translation>批注模式：钉住指针下的元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="43" />
        <source>Annotation mode: highlight the parent of the highlighted element</source>
        <translation>批注模式：高亮当前高亮元素的父元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="44" />
        <source>Annotation mode: the next element under the pointer (through overlays)</source>
        <translation>批注模式：指针下的下一个元素（可穿过覆盖层）</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="45" />
        <source>Note box: save the note</source>
        <translation>备注框：保存备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="46" />
        <source>Note box: new line</source>
        <translation>备注框：换行</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="47" />
        <source>Close the note box; again: leave annotation mode</source>
        <translation>关闭备注框；再按一次：退出批注模式</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="62" />
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="63" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="67" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="74" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="75" />
        <location filename="../../app/ui/help_menu.py" line="114" />
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="77" />
        <location filename="../../app/ui/help_menu.py" line="133" />
        <source>About pagenote</source>
        <translation>关于 pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="83" />
        <source>The language changes the next time pagenote starts</source>
        <translation>语言将在下次启动 pagenote 时更改</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="105" />
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="105" />
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="119" />
        <source>Annotate a web page element by element and hand the notes to a coding agent.</source>
        <translation>逐个元素批注网页，并把批注交给编程智能体。</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="120" />
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ui/main_window.py" line="89" />
        <source>{0} — pagenote</source>
        <translation>{0} — pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="129" />
        <source>Navigation</source>
        <translation>导航</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="135" />
        <source>Address: URL, localhost:PORT or a file</source>
        <translation>地址：URL、localhost:端口 或文件</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="141" />
        <source>Annotations</source>
        <translation>批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="143" />
        <source>Annotate</source>
        <translation>批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="143" />
        <source>Annotation mode: click elements to pin numbered notes</source>
        <translation>批注模式：点击元素钉上带编号的备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="147" />
        <location filename="../../app/ui/main_window.py" line="301" />
        <source>Screenshot</source>
        <translation>截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="147" />
        <source>Save the visible viewport as a PNG in shots/ (and a copy with the annotations drawn)</source>
        <translation>把可见视口保存为 shots/ 中的 PNG（另存一份画有批注的副本）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="150" />
        <source>Full page</source>
        <translation>整页</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="150" />
        <source>Save the whole document as one PNG</source>
        <translation>把整个文档保存为一张 PNG</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="152" />
        <source>Full page with annotations</source>
        <translation>整页（含批注）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="152" />
        <source>Save the whole document, plus a copy with the annotations drawn</source>
        <translation>保存整个文档，另存一份画有批注的副本</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="154" />
        <source>Crop annotated elements</source>
        <translation>裁剪已批注的元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="154" />
        <source>Save a crop of each annotated element and list it in its annotation</source>
        <translation>为每个已批注的元素保存裁剪图，并在其批注中列出</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="159" />
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="159" />
        <source>Copy the annotations as Markdown</source>
        <translation>以 Markdown 复制批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="161" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="161" />
        <source>Save the annotations as Markdown in annotations/</source>
        <translation>把批注以 Markdown 保存到 annotations/</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="163" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="163" />
        <source>Send the annotations to waiting coding agents</source>
        <translation>把批注发送给正在等待的编程智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="165" />
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="165" />
        <source>Remove all annotations and the overall note</source>
        <translation>删除所有批注和总体备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="185" />
        <source>The page's console messages and errors (Ctrl+Shift+J)</source>
        <translation>页面的控制台消息和错误（Ctrl+Shift+J）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="187" />
        <source>Chromium's DevTools for this page, in a window of their own</source>
        <translation>本页面的 Chromium 开发者工具，在单独的窗口中打开</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="188" />
        <source>DevTools</source>
        <translation>开发者工具</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="190" />
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="192" />
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="193" />
        <source>Let agents run JavaScript in the page (evaluate)</source>
        <translation>允许智能体在页面中运行 JavaScript（evaluate）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="210" />
        <source>Agents may run JavaScript in the page</source>
        <translation>智能体可以在页面中运行 JavaScript</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="211" />
        <source>Agents may no longer run JavaScript in the page (evaluate is refused)</source>
        <translation>智能体不能再在页面中运行 JavaScript（evaluate 会被拒绝）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="216" />
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="235" />
        <source>Not a URL or file: {0}</source>
        <translation>不是 URL 或文件：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="241" />
        <source>Failed to load {0}: {1}</source>
        <translation>无法加载 {0}：{1}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/main_window.py" line="260" />
        <source>%n note(s) over {0} characters cut, ending in a [truncated] line</source>
        <translation><numerusform>%n 条备注超过 {0} 个字符，已截断并以 [truncated] 行结尾</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/main_window.py" line="270" />
        <source>Copied %n annotation(s) as Markdown ({0} characters)</source>
        <translation><numerusform>已以 Markdown 复制 %n 条批注（{0} 个字符）</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="278" />
        <source>Save failed: {0}</source>
        <translation>保存失败：{0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/main_window.py" line="281" />
        <source>Saved %n annotation(s) to {0}</source>
        <translation><numerusform>已将 %n 条批注保存到 {0}</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="285" />
        <source> and {0} with {1} numbered outlines</source>
        <translation>，以及带 {1} 个编号轮廓的 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="287" />
        <source>{0} saved: {1} ({2}×{3} px){4}</source>
        <translation>{0}已保存：{1}（{2}×{3} 像素）{4}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="295" />
        <source>Taking screenshot…</source>
        <translation>正在截图…</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="299" />
        <source>Screenshot failed: {0}</source>
        <translation>截图失败：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="306" />
        <source>Capturing the full page…</source>
        <translation>正在截取整页…</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="306" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="318" />
        <source>Full-page screenshot failed: {0}</source>
        <translation>整页截图失败：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="323" />
        <source>Full-page screenshot</source>
        <translation>整页截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="330" />
        <source>Annotation {0}: {1}</source>
        <translation>批注 {0}：{1}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/main_window.py" line="331" />
        <source>Saved %n element crop(s) in {0}</source>
        <translation><numerusform>已在 {0} 中保存 %n 张元素裁剪图</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="341" />
        <source>Nothing to send: pin an annotation or write an overall note first</source>
        <translation>没有可发送的内容：请先钉上批注或填写总体备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="346" />
        <source>Send failed: could not store the batch: {0}</source>
        <translation>发送失败：无法保存该批次：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="351" />
        <source>Batch {0} is pending, but the agent socket is off: no agent can receive it now</source>
        <translation>批次 {0} 正在等待，但智能体套接字已关闭：现在没有智能体能接收它</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/main_window.py" line="354" />
        <source>Sent batch {0} to %n waiting agent(s)</source>
        <translation><numerusform>已将批次 {0} 发送给 %n 个正在等待的智能体</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="356" />
        <source>No agent is waiting: batch {0} is pending and goes to the next annotations.wait</source>
        <translation>没有智能体在等待：批次 {0} 将交给下一次 annotations.wait</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="362" />
        <source>Copied {0}</source>
        <translation>已复制 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="368" />
        <source>Annotations cleared</source>
        <translation>批注已清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="399" />
        <source>Agent socket off: {0}</source>
        <translation>智能体套接字已关闭：{0}</translation>
    </message>
</context>
<context>
    <name>NoteBox</name>
    <message>
        <location filename="../../app/ui/note_box.py" line="55" />
        <source>What should change here? (optional)</source>
        <translation>这里应该改成什么样？（可选）</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="57" />
        <source>Enter save · Shift+Enter new line · Esc cancel</source>
        <translation>Enter 保存 · Shift+Enter 换行 · Esc 取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="58" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="59" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
</context>
<context>
    <name>Tab</name>
    <message>
        <location filename="../../app/tabs/tab.py" line="67" />
        <source>The page's renderer stopped ({0}, code {1}); press Reload</source>
        <translation>页面的渲染进程已停止（{0}，代码 {1}）；请按“重新加载”</translation>
    </message>
</context>
</TS>