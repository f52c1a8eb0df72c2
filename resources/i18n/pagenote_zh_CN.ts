<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AgentBar</name>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="102"/>
        <source>Stop</source>
        <extracomment>How long one click mark stays (ms), and its ring&apos;s radius (view px).</extracomment>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="103"/>
        <source>Take the page back: the agent&apos;s further actions are refused</source>
        <translation>收回页面：智能体之后的操作将被拒绝</translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="105"/>
        <source>Hand back to the agent</source>
        <translation>交还给智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="136"/>
        <source>Agent is using this page</source>
        <translation>智能体正在使用此页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="138"/>
        <source> — the page opened a dialog ({0}): “{1}”; waiting for the agent&apos;s answer</source>
        <translation> — 页面打开了一个对话框（{0}）：“{1}”；正在等待智能体的回答</translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="141"/>
        <source>You took the page back: the agent&apos;s actions are refused until you hand it back</source>
        <translation>你已收回页面：在你交还之前，智能体的操作都会被拒绝</translation>
    </message>
</context>
<context>
    <name>AnnotateController</name>
    <message>
        <location filename="../../app/ui/annotate.py" line="102"/>
        <source>Annotation mode off</source>
        <extracomment>(status text, undo callable): a discarded new note the status bar offers to bring back.</extracomment>
        <translation>批注模式已关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="109"/>
        <source>The page did not load ({0}): this is Chromium&apos;s error page, not the page. Reload or open the page, then annotate</source>
        <translation>页面未能加载（{0}）：这是 Chromium 的错误页，不是该页面。请重新加载或打开该页面后再批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="121"/>
        <source>the new annotation without a note was cancelled</source>
        <translation>未写备注的新批注已取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="124"/>
        <source>annotation {0} saved</source>
        <translation>批注 {0} 已保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="235"/>
        <source>The page is not ready for annotation yet; try again in a moment</source>
        <translation>页面尚未准备好批注，请稍后再试</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="243"/>
        <source>That frame cannot be annotated (its document is not reachable)</source>
        <translation>无法批注该框架（无法访问其文档）</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="249"/>
        <source>Could not read that element (invalid record from the page)</source>
        <translation>无法读取该元素（页面返回的记录无效）</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="286"/>
        <source>Annotation {0} · {1}</source>
        <translation>批注 {0} · {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="336"/>
        <source>Annotation deleted</source>
        <translation>批注已删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="343"/>
        <source>Annotation {0} saved</source>
        <translation>批注 {0} 已保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="363"/>
        <source>Discarded annotation {0}</source>
        <translation>已丢弃批注 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="366"/>
        <source>Annotation cancelled</source>
        <translation>已取消批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="381"/>
        <source>Annotation {0} restored</source>
        <translation>已恢复批注 {0}</translation>
    </message>
</context>
<context>
    <name>AnnotationPanel</name>
    <message>
        <location filename="../../app/ui/panel.py" line="67"/>
        <source>Tab {0}</source>
        <extracomment>The id of the tab an annotation row&apos;s pin was made in. Pick the element of an ambiguous annotation among its candidates (pin id, tab id; app/ui/candidate_pick.py).</extracomment>
        <translation>标签页 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="73"/>
        <source>Overall note for the whole batch (optional)</source>
        <translation>整批的总体备注（可选）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="76"/>
        <source>No annotations yet.
Press Annotate (Ctrl+Shift+A), then click an element on the page to pin a numbered note.</source>
        <translation>还没有批注。
按“批注”（Ctrl+Shift+A），然后点击页面上的元素，钉上带编号的备注。</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="78"/>
        <location filename="../../app/ui/panel.py" line="343"/>
        <location filename="../../app/ui/panel.py" line="347"/>
        <source>no note</source>
        <translation>无备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="91"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="92"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="94"/>
        <source>Choose its element…</source>
        <translation>选择其元素…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="98"/>
        <source>Sent to agents</source>
        <translation>已发送给智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="98"/>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="108"/>
        <source>Annotations</source>
        <translation>批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="133"/>
        <source>Overall note</source>
        <translation>总体备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="255"/>
        <source>stale</source>
        <translation>失效</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="257"/>
        <source>rematched</source>
        <translation>已重新匹配</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="259"/>
        <source>hidden</source>
        <translation>已隐藏</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="260"/>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Selector</source>
        <translation>选择器</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Page</source>
        <translation>页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Hidden characters</source>
        <translation>隐藏字符</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="271"/>
        <source>The page&apos;s text held invisible characters or line breaks, shown escaped: the agent reads them.</source>
        <translation>页面文本含有不可见字符或换行符，已转义显示：智能体会读到它们。</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="272"/>
        <source>hidden text</source>
        <translation>隐藏文本</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="282"/>
        <source>(page)</source>
        <translation>（页面）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="285"/>
        <source>This tab</source>
        <translation>本标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="286"/>
        <source>This tab, another page</source>
        <translation>本标签页（另一页面）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="314"/>
        <source>  [element no longer matched]</source>
        <translation>  [元素已无法匹配]</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="318"/>
        <source>  (rematched)</source>
        <translation>  （已重新匹配）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="320"/>
        <source>  (hidden)</source>
        <translation>  （已隐藏）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="321"/>
        <source>  (hidden: {0})</source>
        <translation>  （已隐藏：{0}）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="324"/>
        <source>  (hidden text)</source>
        <translation>  （隐藏文本）</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="331"/>
        <source>Right-click the row and choose “Choose its element…” to pick it on the page.</source>
        <translation>右键单击该行并选择“选择其元素…”，在页面上选取它。</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="335"/>
        <source> · reading the element…</source>
        <translation> · 正在读取元素…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="336"/>
        <source>  (reading the element…)</source>
        <translation>  （正在读取元素…）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel.py" line="360"/>
        <source>%n annotation(s)</source>
        <translation>
            <numerusform>%n 条批注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel_sent.py" line="89"/>
        <source>{0} (%n annotation(s))</source>
        <extracomment>Marks a sent view row that holds an agent&apos;s reply (not a batch or an annotation).</extracomment>
        <translation>
            <numerusform>{0}（%n 条批注）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowserKeys</name>
    <message>
        <location filename="../../app/ui/keys.py" line="95"/>
        <source>Back</source>
        <extracomment>Chromium&apos;s preset zoom factors (kPresetZoomFactors), the steps of Ctrl+plus and Ctrl+minus.</extracomment>
        <translation>后退</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="95"/>
        <source>Go back one page</source>
        <translation>返回上一页</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="97"/>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="97"/>
        <source>Go forward one page</source>
        <translation>前进到下一页</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="99"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="99"/>
        <source>Reload the page</source>
        <translation>重新加载页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="101"/>
        <source>Hard reload</source>
        <translation>强制重新加载</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="101"/>
        <source>Reload the page, bypassing the cache</source>
        <translation>绕过缓存重新加载页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="103"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="103"/>
        <source>Stop loading the page</source>
        <translation>停止加载页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="105"/>
        <source>Address bar</source>
        <translation>地址栏</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="105"/>
        <source>Focus and select the address bar</source>
        <translation>聚焦并全选地址栏</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="107"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="107"/>
        <source>Make the page larger</source>
        <translation>放大页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="109"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="109"/>
        <source>Make the page smaller</source>
        <translation>缩小页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="111"/>
        <source>Actual size</source>
        <translation>实际大小</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="111"/>
        <source>Reset the page zoom to 100 %</source>
        <translation>将页面缩放重置为 100 %</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="113"/>
        <source>Find in page</source>
        <translation>在页面中查找</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="113"/>
        <source>Find text in the page</source>
        <translation>在页面中查找文字</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="115"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="115"/>
        <source>Quit pagenote</source>
        <translation>退出 pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="116"/>
        <source>Parent element</source>
        <translation>父元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="116"/>
        <source>Annotation mode: highlight the parent of the highlighted element</source>
        <translation>批注模式：高亮当前高亮元素的父元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="119"/>
        <source>Next element under the pointer</source>
        <translation>指针下的下一个元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="120"/>
        <source>Annotation mode: the next element under the pointer (through overlays)</source>
        <translation>批注模式：指针下的下一个元素（可穿过覆盖层）</translation>
    </message>
</context>
<context>
    <name>CandidatePick</name>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="73"/>
        <source>This annotation has no candidates to choose from.</source>
        <extracomment>How often the candidates are measured again while they are shown, in ms (a scroll moves them). A click this many CSS px outside a candidate&apos;s box still picks it (the outline is drawn outside the box).</extracomment>
        <translation>此批注没有可供选择的候选元素。</translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="81"/>
        <source>Click the element this note is about, or press its number. Esc cancels.</source>
        <translation>点击此备注所指的元素，或按其编号。按 Esc 取消。</translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="88"/>
        <source>Nothing changed: the annotation is still stale.</source>
        <translation>没有变化：该批注仍然失效。</translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="191"/>
        <source>Candidate {0} is no longer on the page: choose another.</source>
        <translation>候选 {0} 已不在页面上：请选择另一个。</translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="195"/>
        <source>The annotation is on the element you chose.</source>
        <translation>批注已放到你选择的元素上。</translation>
    </message>
</context>
<context>
    <name>ClearUndo</name>
    <message>
        <location filename="../../app/ui/clear_undo.py" line="25"/>
        <source>Nothing to clear</source>
        <translation>没有可清除的内容</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/clear_undo.py" line="38"/>
        <source>Restored %n annotation(s)</source>
        <translation>
            <numerusform>已恢复 %n 条批注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/clear_undo.py" line="40"/>
        <source>Cleared %n annotation(s)</source>
        <translation>
            <numerusform>已清除 %n 条批注</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/clear_undo.py" line="41"/>
        <location filename="../../app/ui/clear_undo.py" line="47"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>ConsoleDock</name>
    <message>
        <location filename="../../app/ui/console_dock.py" line="52"/>
        <source>Console</source>
        <extracomment>New entries reach the list in batches, at most this often (ms). The owner name the dock holds the DevTools session under.</extracomment>
        <translation>控制台</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="60"/>
        <source>All levels</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="60"/>
        <source>Warnings and errors</source>
        <translation>警告和错误</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="61"/>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="64"/>
        <source>Search messages</source>
        <translation>搜索消息</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="66"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="67"/>
        <source>Copy entry</source>
        <translation>复制条目</translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="143"/>
        <source>Stack (innermost first):</source>
        <translation>调用栈（最内层在前）：</translation>
    </message>
</context>
<context>
    <name>CrashPage</name>
    <message>
        <location filename="../../app/ui/crash_page.py" line="21"/>
        <source>This page&apos;s renderer crashed.
Your annotations are kept: reload the page to continue.</source>
        <translation>此页面的渲染进程已崩溃。
批注都还在：重新加载页面即可继续。</translation>
    </message>
    <message>
        <location filename="../../app/ui/crash_page.py" line="24"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="169"/>
        <source>CSS</source>
        <translation>CSS 样式</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="179"/>
        <source>Annotation {0}</source>
        <translation>批注 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="208"/>
        <source>Select an annotation to see its details</source>
        <translation>选择一条批注以查看详情</translation>
    </message>
</context>
<context>
    <name>DevToolsWindow</name>
    <message>
        <location filename="../../app/ui/devtools.py" line="30"/>
        <source>DevTools — pagenote</source>
        <translation>开发者工具 — pagenote</translation>
    </message>
</context>
<context>
    <name>DeviceChooser</name>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="21"/>
        <source>an HID device</source>
        <translation>一个 HID 设备</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="21"/>
        <source>a serial port</source>
        <translation>一个串口</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="22"/>
        <source>Connect a device — pagenote</source>
        <translation>连接设备 — pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="24"/>
        <source>{0} wants to connect to {1}</source>
        <translation>{0} 想要连接{1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="27"/>
        <source>No compatible devices found.</source>
        <translation>未找到兼容的设备。</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="29"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="30"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="53"/>
        <source>serial {0}</source>
        <translation>序列号 {0}</translation>
    </message>
</context>
<context>
    <name>DeviceMenu</name>
    <message>
        <location filename="../../app/ui/device_menu.py" line="29"/>
        <source>Emulate a device, dark mode, reduced motion, print, a slow CPU or a slow network in this tab</source>
        <translation>在此标签页中模拟设备、深色模式、减少动态效果、打印、慢速 CPU 或慢速网络</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="30"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="35"/>
        <source>None (the window as it is)</source>
        <translation>无（窗口本身）</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="38"/>
        <source>Window size</source>
        <translation>窗口尺寸</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="40"/>
        <source>{0} — {1}×{2}, DPR {3:g}</source>
        <translation>{0} — {1}×{2}，设备像素比 {3:g}</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="43"/>
        <source>Color scheme</source>
        <translation>配色方案</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <location filename="../../app/ui/device_menu.py" line="46"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="45"/>
        <source>Motion</source>
        <translation>动态效果</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="46"/>
        <source>Reduced motion</source>
        <translation>减少动态效果</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="47"/>
        <source>No preference</source>
        <translation>无偏好</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="48"/>
        <source>Media</source>
        <translation>媒体类型</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="49"/>
        <source>Screen (as it is)</source>
        <translation>屏幕（原样）</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="49"/>
        <source>Print</source>
        <translation>打印</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="50"/>
        <source>CPU</source>
        <translation>处理器（CPU）</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="51"/>
        <source>No slowdown</source>
        <translation>不降速</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="51"/>
        <source>{0}× slower</source>
        <translation>慢 {0} 倍</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="52"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="53"/>
        <source>No throttling</source>
        <translation>不限速</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Slow 4G</source>
        <translation>低速 4G</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Fast 4G</source>
        <translation>快速 4G</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="120"/>
        <source>Emulation not applied: {0}</source>
        <translation>未应用模拟：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="123"/>
        <source>Emulating: {0}</source>
        <translation>正在模拟：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="124"/>
        <source>Emulation off: the page sees the window</source>
        <translation>模拟已关闭：页面看到的是窗口本身</translation>
    </message>
</context>
<context>
    <name>DevicesDock</name>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="38"/>
        <source>Devices</source>
        <extracomment>New log entries reach the table in batches, at most this often (ms). Rows the table keeps (the oldest go first; the service&apos;s log keeps more).</extracomment>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="49"/>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="49"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="50"/>
        <source>Revoke access</source>
        <translation>撤销访问权限</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="51"/>
        <source>Take back the selected origin&apos;s access to the device</source>
        <translation>收回所选源对该设备的访问权限</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="58"/>
        <source>Log traffic</source>
        <translation>记录通信</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="59"/>
        <source>Record every report and serial chunk of every page (off by default; a page opened with ?hidDebug=1 logs anyway)</source>
        <translation>记录每个页面的每个报告和串口数据块（默认关闭；带 ?hidDebug=1 打开的页面总会记录）</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="62"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="62"/>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="65"/>
        <source>Filter: device, hex or op</source>
        <translation>筛选：设备、十六进制或操作</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="67"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="68"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="69"/>
        <location filename="../../app/ui/devices_dock.py" line="126"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="70"/>
        <source>Copy the selected rows (or all shown) as text lines</source>
        <translation>将所选行（或全部显示的行）复制为文本行</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="71"/>
        <source>Export JSON Lines</source>
        <translation>导出 JSON Lines</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Dir</source>
        <translation>方向</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Report ID</source>
        <translation>报告 ID</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Op</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="144"/>
        <source>blocked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="144"/>
        <source>open ({0})</source>
        <translation>已打开（{0}）</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="145"/>
        <source>Serial</source>
        <translation>串口</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="149"/>
        <source>granted</source>
        <translation>已授权</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="237"/>
        <source>{0} entries shown; log {1}</source>
        <translation>显示 {0} 条；记录{1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="238"/>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="238"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="265"/>
        <source>Exported to {0}</source>
        <translation>已导出到 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="286"/>
        <source>Devices pages use (WebHID, Web Serial) and their traffic (Ctrl+Shift+D)</source>
        <translation>页面使用的设备（WebHID、Web Serial）及其通信（Ctrl+Shift+D）</translation>
    </message>
</context>
<context>
    <name>DialogBar</name>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="30"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="46"/>
        <source>This page showed an alert: “{0}”. pagenote dismissed it.</source>
        <translation>此页面显示了一个提示框：“{0}”。pagenote 已将其关闭。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="49"/>
        <source>This page asked to confirm: “{0}”. pagenote answered OK.</source>
        <translation>此页面请求确认：“{0}”。pagenote 已回答“确定”。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="50"/>
        <source>This page asked to confirm: “{0}”. pagenote answered Cancel.</source>
        <translation>此页面请求确认：“{0}”。pagenote 已回答“取消”。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="52"/>
        <source>This page asked before leaving: “{0}”. pagenote left the page.</source>
        <translation>此页面在离开前询问：“{0}”。pagenote 已离开该页面。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="54"/>
        <source>This page asked for text: “{0}”. pagenote answered Cancel.</source>
        <translation>此页面请求输入文本：“{0}”。pagenote 已回答“取消”。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="55"/>
        <source>This page asked for text: “{0}”. pagenote answered “{1}”.</source>
        <translation>此页面请求输入文本：“{0}”。pagenote 已回答“{1}”。</translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="65"/>
        <source>The page keeps opening dialogs: pagenote answers the rest at once without showing them ({0})</source>
        <translation>页面不断弹出对话框：pagenote 会直接应答其余的对话框而不再显示（{0}）</translation>
    </message>
</context>
<context>
    <name>Downloads</name>
    <message>
        <location filename="../../app/tabs/downloads.py" line="58"/>
        <source>test file: pytest runs it</source>
        <translation>测试文件：pytest 会运行它</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="60"/>
        <source>build file: runs when the project builds</source>
        <translation>构建文件：项目构建时会运行</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="62"/>
        <source>script: runs if started</source>
        <translation>脚本：启动即运行</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="64"/>
        <source>executable</source>
        <translation>可执行文件</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="146"/>
        <source>Blocked the downloads of {0}: {1}</source>
        <translation>已阻止来自 {0} 的下载：{1}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="213"/>
        <source>Blocked the download of {0} (downloads are off in Settings)</source>
        <translation>已阻止下载 {0}（设置中已关闭下载）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="217"/>
        <source>Blocked the download of {0} (no open tab asked for it)</source>
        <translation>已阻止下载 {0}（没有打开的标签页请求它）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="221"/>
        <source>Blocked the download of {0} from {1} (you chose Block for this page)</source>
        <translation>已阻止来自 {1} 的下载 {0}（你已对此页面选择“阻止”）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="225"/>
        <source>Blocked the download of {0} from {1} ({2} of its downloads already wait for your answer)</source>
        <translation>已阻止来自 {1} 的下载 {0}（该页面已有 {2} 个下载在等待你的答复）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="235"/>
        <location filename="../../app/tabs/downloads.py" line="312"/>
        <source>Could not download {0}: {1}</source>
        <translation>无法下载 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="247"/>
        <source>Downloading {0} to {1}</source>
        <translation>正在下载 {0} 到 {1}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="290"/>
        <location filename="../../app/tabs/downloads.py" line="317"/>
        <source>Downloaded {0}</source>
        <translation>已下载 {0}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="294"/>
        <source>The download of {0} failed: {1}</source>
        <translation>下载 {0} 失败：{1}</translation>
    </message>
</context>
<context>
    <name>DownloadsBar</name>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="46"/>
        <source>Allow</source>
        <extracomment>Names the bar lists at most (the rest are counted).</extracomment>
        <translation>允许</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="47"/>
        <source>Block</source>
        <translation>阻止</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="48"/>
        <source>Save these files in your downloads folder, and let this page download more</source>
        <translation>把这些文件保存到你的下载文件夹，并允许此页面继续下载</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="50"/>
        <source>Discard these files, and refuse this page&apos;s next downloads</source>
        <translation>丢弃这些文件，并拒绝此页面之后的下载</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="68"/>
        <source> and {0} more</source>
        <translation> 等另外 {0} 个</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="69"/>
        <source>This page</source>
        <translation>此页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="71"/>
        <source>{0} wants to download a file: {1}.</source>
        <translation>{0} 想要下载一个文件：{1}。</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="73"/>
        <source>{0} wants to download {1} files: {2}.</source>
        <translation>{0} 想要下载 {1} 个文件：{2}。</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="74"/>
        <source>Nothing is saved until you allow it.</source>
        <translation>在你允许之前不会保存任何文件。</translation>
    </message>
</context>
<context>
    <name>DraftPrompt</name>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="40"/>
        <source>Restore unsent annotations?</source>
        <extracomment>A close question: ``ask(window, unsent)`` gives the choice (``&quot;send&quot;``, ``&quot;save&quot;``, ``&quot;discard&quot;``, ``&quot;cancel&quot;``) or an awaitable of it (:func:`ask_close`; a plain string is acted on at once, as tests do).</extracomment>
        <translation>恢复未发送的批注？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="41"/>
        <source>pagenote was closed with %n unsent annotation(s) (saved {0}). Restore them?</source>
        <translation>
            <numerusform>pagenote 关闭时有 %n 条未发送的批注（保存于 {0}）。要恢复吗？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="44"/>
        <source>%n private tab(s) will open empty: private tabs keep no cookies or storage.</source>
        <translation>
            <numerusform>%n 个私密标签页将以空白页打开：私密标签页不保留 Cookie 和存储。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="55"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="56"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="84"/>
        <source>%n annotation(s) have not been sent. Send them to the agent, keep them for the next start, or discard them?</source>
        <translation>
            <numerusform>有 %n 条批注尚未发送。发送给智能体、保留到下次启动，还是丢弃？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="69"/>
        <source>Unsent annotations</source>
        <translation>未发送的批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="71"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="72"/>
        <source>Keep for next start</source>
        <translation>保留到下次启动</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="79"/>
        <source>%n annotation(s) in this tab have not been sent. Send hands the whole batch ({0} annotations) to the agent, Keep keeps them in the batch for later, “{1}” removes this tab&apos;s.</source>
        <translation>
            <numerusform>本标签页有 %n 条批注尚未发送。“发送”把整批（{0} 条批注）交给智能体，“保留”把它们留在批次里稍后处理，“{1}”删除本标签页的批注。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="124"/>
        <source>Send failed: {0}</source>
        <translation>发送失败：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="247"/>
        <source>Could not restore the unsent annotations: {0}</source>
        <translation>无法恢复未发送的批注：{0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="255"/>
        <source>Restored %n unsent annotation(s)</source>
        <translation>
            <numerusform>已恢复 %n 条未发送的批注</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../app/ui/find_bar.py" line="46"/>
        <source>Find in page</source>
        <translation>在页面中查找</translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="50"/>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="51"/>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="52"/>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="91"/>
        <source>{0} of {1}</source>
        <translation>第 {0} 个，共 {1} 个</translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="93"/>
        <source>No matches</source>
        <translation>无匹配</translation>
    </message>
</context>
<context>
    <name>FreezeAction</name>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="24"/>
        <source>Freeze the page: pause its animations, transitions, videos and scripted motion (again: resume)</source>
        <extracomment>Free in pagenote&apos;s and Chrome&apos;s key maps, and no text field&apos;s editing key.</extracomment>
        <translation>冻结页面：暂停其动画、过渡、视频和脚本驱动的运动（再按一次：恢复）</translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="25"/>
        <source>Freeze</source>
        <translation>冻结</translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="66"/>
        <source>Frozen — paused: animations {0}, videos {1}; frames {2} · {3} resumes</source>
        <translation>已冻结 — 已暂停：动画 {0}，视频 {1}；框架 {2} · {3} 恢复</translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="69"/>
        <source>Unfrozen: the page moves again</source>
        <translation>已解冻：页面恢复运动</translation>
    </message>
</context>
<context>
    <name>Gestures</name>
    <message>
        <location filename="../../app/ui/gestures.py" line="216"/>
        <source>Drag across text to annotate it (no text where the drag started)</source>
        <extracomment>A press that moves less than this (view px) before its release is a click.</extracomment>
        <translation>拖过文本即可批注（拖动起点处没有文本）</translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="221"/>
        <source>No text was selected</source>
        <translation>未选中文本</translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="226"/>
        <source>Could not read that text range</source>
        <translation>无法读取该文本范围</translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="257"/>
        <source>Could not read that region</source>
        <translation>无法读取该区域</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/gestures.py" line="295"/>
        <location filename="../../app/ui/gestures.py" line="310"/>
        <source>Group: %n element(s) · release Ctrl to write the note</source>
        <translation>
            <numerusform>组：%n 个元素 · 松开 Ctrl 写备注</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="319"/>
        <source>Could not read the group&apos;s elements</source>
        <translation>无法读取该组的元素</translation>
    </message>
</context>
<context>
    <name>HelpMenus</name>
    <message>
        <location filename="../../app/ui/help_menu.py" line="46"/>
        <source>Click</source>
        <extracomment>Bundled components and their licences (what the standalone bundle ships; see each project&apos;s licence file).</extracomment>
        <translation>点击</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="46"/>
        <source>Annotation mode: pin the element under the pointer</source>
        <translation>批注模式：钉住指针下的元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="47"/>
        <source>Drag across text</source>
        <translation>拖过文字</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="47"/>
        <source>Annotation mode: annotate the words</source>
        <translation>批注模式：批注这些文字</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="48"/>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="48"/>
        <source>Annotation mode: annotate a region</source>
        <translation>批注模式：批注一个区域</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="49"/>
        <source>{0}+click</source>
        <translation>{0}+点击</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="50"/>
        <source>Annotation mode: add the element to a group (again: take it out); the note box opens when {0} is released</source>
        <translation>批注模式：把元素加入一组（再点一次：移出）；松开 {0} 时打开备注框</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="52"/>
        <source>Ctrl+drag</source>
        <translation>Ctrl+拖动</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="53"/>
        <source>Annotation mode: add the elements wholly inside the box to a group</source>
        <translation>批注模式：把完全位于框内的元素加入一组</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="56"/>
        <source>Delete button</source>
        <translation>“删除”按钮</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="57"/>
        <source>Note box of a saved annotation: delete it (a new one: Discard)</source>
        <translation>已保存批注的备注框：删除它（新批注：丢弃）</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="58"/>
        <source>Note box: save the note</source>
        <translation>备注框：保存备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="59"/>
        <source>Note box: new line</source>
        <translation>备注框：换行</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="60"/>
        <source>Close the note box; again: leave annotation mode</source>
        <translation>关闭备注框；再按一次：退出批注模式</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="76"/>
        <source>Annotate</source>
        <extracomment>The dialog&apos;s sections: (title&apos;s source text, the window attributes whose actions it lists). An action in none of them goes under &quot;Window and tools&quot;.</extracomment>
        <translation>批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="77"/>
        <source>Screenshots and hand-off</source>
        <translation>截图与交付</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="79"/>
        <source>Page</source>
        <translation>页面</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="107"/>
        <source>Note box</source>
        <translation>批注框</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="108"/>
        <source>Window and tools</source>
        <translation>窗口与工具</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="122"/>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="127"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="134"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="197"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="216"/>
        <source>About pagenote</source>
        <translation>关于 pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="143"/>
        <source>The language changes the next time pagenote starts</source>
        <translation>语言将在下次启动 pagenote 时更改</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="123"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="135"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="137"/>
        <source>&amp;About pagenote</source>
        <translation>关于 pagenote(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="167"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="167"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="202"/>
        <source>Annotate a web page element by element and hand the notes to a coding agent.</source>
        <translation>逐个元素批注网页，并把批注交给编程智能体。</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="203"/>
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
</context>
<context>
    <name>LeaseList</name>
    <message>
        <location filename="../../app/ui/lease_list.py" line="28"/>
        <source>Leases (logins, storage and cache kept between runs)</source>
        <translation>租约（在多次运行之间保留的登录、存储和缓存）</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Open tabs</source>
        <translation>打开的标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="37"/>
        <source>Clear removes a lease&apos;s cookies, site storage and cache: its sites forget you. Its open tabs close and open their pages again, signed out; their annotations stay. Private tabs keep nothing and are not listed.</source>
        <translation>清空会删除租约的 Cookie、网站存储和缓存：其网站将不再记得你。它打开的标签页会关闭并重新打开页面（已退出登录）；其批注保留。私密标签页不保留任何内容，不在此列出。</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="57"/>
        <location filename="../../app/ui/lease_list.py" line="72"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="58"/>
        <source>Remove this lease&apos;s cookies, storage and cache; its open tabs load again signed out</source>
        <translation>删除此租约的 Cookie、存储和缓存；它打开的标签页将以退出登录状态重新加载</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="60"/>
        <source>Remove this lease&apos;s cookies, storage and cache</source>
        <translation>删除此租约的 Cookie、存储和缓存</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="74"/>
        <source>Clear now</source>
        <translation>立即清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="82"/>
        <source>Could not clear lease {0}: {1}</source>
        <translation>无法清空租约 {0}：{1}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/lease_list.py" line="86"/>
        <source>Lease {0} cleared: %n tab(s) opened again, signed out</source>
        <translation>
            <numerusform>租约 {0} 已清空：%n 个标签页已重新打开（已退出登录）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LeaseUi</name>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="31"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="32"/>
        <source>Popups, downloads, permissions, evaluate, language, leases (clear a login)</source>
        <translation>弹出窗口、下载、权限、evaluate、语言、租约（清除登录）</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="35"/>
        <source>Permissions…</source>
        <translation>权限…</translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="36"/>
        <source>What pages asked for, and what you allowed</source>
        <translation>页面请求了什么，你允许了什么</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ui/main_window.py" line="99"/>
        <source>{0} — pagenote</source>
        <extracomment>The panel&apos;s default share of the window width (the page keeps the rest, at least 70 %). Where the splitter&apos;s sizes are remembered (pagenote&apos;s settings).</extracomment>
        <translation>{0} — pagenote</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="110"/>
        <source>Screenshot</source>
        <translation>截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="172"/>
        <source>The page&apos;s console messages and errors (Ctrl+Shift+J)</source>
        <translation>页面的控制台消息和错误（Ctrl+Shift+J）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="179"/>
        <source>The page&apos;s requests: status, type, size, time (Ctrl+Shift+K)</source>
        <translation>页面的请求：状态、类型、大小、时间（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="181"/>
        <source>Chromium&apos;s DevTools for this page, in a window of their own</source>
        <translation>本页面的 Chromium 开发者工具，在单独的窗口中打开</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="182"/>
        <source>DevTools</source>
        <translation>开发者工具</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="185"/>
        <source>View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="187"/>
        <source>Agent</source>
        <translation>智能体(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="188"/>
        <source>Let agents run JavaScript in the page (evaluate)</source>
        <translation>允许智能体在页面中运行 JavaScript（evaluate）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="205"/>
        <source>Agents may run JavaScript in the page</source>
        <translation>智能体可以在页面中运行 JavaScript</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="206"/>
        <source>Agents may no longer run JavaScript in the page (evaluate is refused)</source>
        <translation>智能体不能再在页面中运行 JavaScript（evaluate 会被拒绝）</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="253"/>
        <source>Could not open {0} ({1}). Check the address, or that its server is running, then reload (F5).</source>
        <translation>无法打开 {0}（{1}）。请检查地址或确认其服务器正在运行，然后重新加载（F5）。</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="51"/>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="246"/>
        <source>Not a URL or file: {0}</source>
        <translation>不是 URL 或文件：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="39"/>
        <source>Waiting for the element records being made…</source>
        <translation>正在等待元素记录生成…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="64"/>
        <source>%n note(s) over {0} characters cut, ending in a [truncated] line</source>
        <translation>
            <numerusform>%n 条备注超过 {0} 个字符，已截断并以 [truncated] 行结尾</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="77"/>
        <source>Copied %n annotation(s) as Markdown ({0} characters)</source>
        <translation>
            <numerusform>已以 Markdown 复制 %n 条批注（{0} 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="87"/>
        <source>Save failed: {0}</source>
        <translation>保存失败：{0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="90"/>
        <source>Saved %n annotation(s) to {0}</source>
        <translation>
            <numerusform>已将 %n 条批注保存到 {0}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="47"/>
        <source> and {0} with {1} numbered outlines</source>
        <translation>，以及带 {1} 个编号轮廓的 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="49"/>
        <source>{0} saved: {1} ({2}×{3} px){4}</source>
        <translation>{0}已保存：{1}（{2}×{3} 像素）{4}</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="109"/>
        <source>Taking screenshot…</source>
        <translation>正在截图…</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="125"/>
        <source>Full-page screenshot</source>
        <translation>整页截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="150"/>
        <source>Annotation {0}: {1}</source>
        <translation>批注 {0}：{1}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/shot_intents.py" line="153"/>
        <source>Saved %n element crop(s) in {0}</source>
        <translation>
            <numerusform>已在 {0} 中保存 %n 张元素裁剪图</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="100"/>
        <source>Nothing to send: pin an annotation or write an overall note first</source>
        <translation>没有可发送的内容：请先钉上批注或填写总体备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="106"/>
        <source>Send failed: could not store the batch: {0}</source>
        <translation>发送失败：无法保存该批次：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="112"/>
        <source>Batch {0} is pending, but the agent socket is off: no agent can receive it now</source>
        <translation>批次 {0} 正在等待，但智能体套接字已关闭：现在没有智能体能接收它</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="116"/>
        <source>Sent batch {0} to %n waiting agent(s)</source>
        <translation>
            <numerusform>已将批次 {0} 发送给 %n 个正在等待的智能体</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="119"/>
        <source>No agent is waiting: batch {0} is kept in annotations/sent/ (even across a restart) and goes to the next agent that asks (pagenote mcp: wait_for_annotations)</source>
        <translation>没有智能体在等待：批次 {0} 已保存在 annotations/sent/（重启后仍在），将交给下一个请求批注的智能体（pagenote mcp：wait_for_annotations）</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="166"/>
        <source>Copied {0}</source>
        <translation>已复制 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="129"/>
        <source>Annotations cleared</source>
        <translation>批注已清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="289"/>
        <source>Agent socket off: {0}</source>
        <translation>智能体套接字已关闭：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="60"/>
        <source>A screenshot is being taken in this tab: wait until it is done, or press Esc to cancel it</source>
        <translation>此标签页正在截图：请等待完成，或按 Esc 取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="67"/>
        <source>{0} cancelled; the page is as it was</source>
        <translation>{0}已取消；页面已恢复原样</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="68"/>
        <source>{0} stopped: the page started loading another document</source>
        <translation>{0}已停止：页面开始加载另一个文档</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="70"/>
        <source>{0} stopped: the page&apos;s renderer crashed. Reload to continue — your annotations are kept.</source>
        <translation>{0}已停止：页面的渲染进程崩溃了。重新加载即可继续——您的批注会保留。</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="72"/>
        <source>{0} stopped: its tab was closed</source>
        <translation>{0}已停止：它所在的标签页已关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="73"/>
        <source>{0} stopped: the window was closed</source>
        <translation>{0}已停止：窗口已关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="74"/>
        <source>{0} stopped: the window was minimised</source>
        <translation>{0}已停止：窗口已最小化</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="75"/>
        <source>{0} stopped: another tab was shown</source>
        <translation>{0}已停止：切换到了另一个标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="76"/>
        <source>{0} stopped: the page&apos;s view changed size; take it again</source>
        <translation>{0}已停止：页面视图的大小变了；请重新截取</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="81"/>
        <source>{0} failed: {1}</source>
        <translation>{0}失败：{1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="126"/>
        <source>Capturing the full page… (Esc cancels)</source>
        <translation>正在截取整个页面…（按 Esc 取消）</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="143"/>
        <source>Cropping the annotated elements… (Esc cancels)</source>
        <translation>正在裁剪已批注的元素…（按 Esc 取消）</translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="156"/>
        <source>Element crops</source>
        <translation>元素裁剪</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/shot_intents.py" line="158"/>
        <source>%n element crop(s) saved before that in {0}</source>
        <translation>
            <numerusform>此前已在 {0} 中保存 %n 张元素裁剪图</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../app/ui/menus.py" line="27"/>
        <source>Open file</source>
        <translation>打开文件</translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="30"/>
        <source>Web pages (*.html *.htm *.xhtml *.svg)</source>
        <translation>网页 (*.html *.htm *.xhtml *.svg)</translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="31"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="68"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="70"/>
        <source>Open File…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="72"/>
        <source>Open a file from this computer in the shown tab</source>
        <translation>在当前标签页中打开本机上的文件</translation>
    </message>
</context>
<context>
    <name>ModeBanner</name>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="32"/>
        <source>More gestures</source>
        <translation>更多手势</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="52"/>
        <source>Click: pin the element under the pointer</source>
        <extracomment>Whether an agent waits for the user&apos;s notes here (``browser_annotate``: app/ui/agent_annotate.py).</extracomment>
        <translation>点击：钉住指针下的元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="53"/>
        <source>Drag across text: pin that text</source>
        <translation>拖过文本：钉住该文本</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="54"/>
        <source>Shift+drag: pin a region</source>
        <translation>Shift+拖动：钉住一个区域</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="55"/>
        <source>Ctrl+click: add to a group</source>
        <translation>Ctrl+点击：加入一组</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="56"/>
        <source>Alt+↑: the parent element · Alt+↓: the next element under the pointer</source>
        <translation>Alt+↑：父元素 · Alt+↓：指针下的下一个元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="57"/>
        <source>Esc: leave annotation mode</source>
        <translation>Esc：退出批注模式</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="74"/>
        <source>Annotation mode — click an element to pin a note · Esc to leave</source>
        <translation>批注模式 — 点击元素钉上备注 · Esc 退出</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="75"/>
        <source>Press Annotate (Ctrl+Shift+A), then click an element to pin a note</source>
        <translation>按“批注”(Ctrl+Shift+A)，然后点击元素钉上备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="72"/>
        <source>An agent asked for notes: pin elements, then Send</source>
        <translation>智能体请求批注：钉住元素，然后点“发送”</translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="27"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>NetworkDock</name>
    <message>
        <location filename="../../app/ui/network_dock.py" line="154"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="165"/>
        <source>Filter URLs</source>
        <translation>筛选 URL</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="167"/>
        <source>Failed only</source>
        <translation>仅失败的</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="213"/>
        <source>Details since %1</source>
        <translation>自 %1 起有详细信息</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="214"/>
        <source>No details yet: reload for all</source>
        <translation>尚无详细信息：重新加载以获取全部</translation>
    </message>
</context>
<context>
    <name>NetworkModel</name>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Method</source>
        <extracomment>New and changed entries reach the table in batches, at most this often (ms).</extracomment>
        <translation>方法</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>URL</source>
        <translation>网址</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="108"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="132"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>NoteBox</name>
    <message>
        <location filename="../../app/ui/note_box.py" line="61"/>
        <source>What should change here? (optional)</source>
        <translation>这里应该改成什么样？（可选）</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="63"/>
        <source>Enter save · Shift+Enter new line · Esc cancel</source>
        <translation>Enter 保存 · Shift+Enter 换行 · Esc 取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="64"/>
        <location filename="../../app/ui/note_box.py" line="98"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="65"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="98"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
</context>
<context>
    <name>PagenoteApp</name>
    <message>
        <location filename="../../app/tabs/popups.py" line="117"/>
        <source>Blocked a popup from {0} (popups are off in Settings)</source>
        <extracomment>A tab opening more than this many popups … … within this many seconds is flooding: further popups are blocked until the window has passed. Blocked popups one tab keeps for Allow once (the newest; older ones are dropped). URL schemes &quot;Allow once&quot; opens (and ``about:blank``): never file:, data:, view-source:, javascript: or an app scheme, which the page could not open as a top-level document itself.</extracomment>
        <translation>已阻止来自 {0} 的弹出窗口（设置中已关闭弹出窗口）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="122"/>
        <source>Blocked a popup from {0} to {1}: no click or key press opened it</source>
        <translation>已阻止 {0} 打开 {1} 的弹出窗口：并非点击或按键打开</translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="127"/>
        <source>Blocked a popup flood from {0} (more than {1} in a second)</source>
        <translation>已阻止来自 {0} 的大量弹出窗口（一秒内超过 {1} 个）</translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="135"/>
        <source>A popup from {0} opened behind the page the agent is using (tab {1})</source>
        <translation>来自 {0} 的弹出窗口已在智能体正在使用的页面后方打开（标签页 {1}）</translation>
    </message>
</context>
<context>
    <name>PanelRows</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="103"/>
        <source>text “{0}” in {1}</source>
        <translation>文字“{0}”，位于 {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="110"/>
        <source>region {0}</source>
        <translation>区域 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="112"/>
        <source>region {0} over {1}</source>
        <translation>{1} 上的区域 {0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel_rows.py" line="116"/>
        <source>group of %n: {0}</source>
        <translation>
            <numerusform>%n 个元素的组：{0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PermissionBar</name>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="28"/>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="29"/>
        <source>Allow for this lease</source>
        <translation>在此租约内允许</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="30"/>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="42"/>
        <source>your location</source>
        <translation>你的位置</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="42"/>
        <source>to show notifications</source>
        <translation>显示通知</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="43"/>
        <source>your camera</source>
        <translation>你的摄像头</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="43"/>
        <source>your microphone</source>
        <translation>你的麦克风</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="44"/>
        <source>your camera and microphone</source>
        <translation>你的摄像头和麦克风</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="45"/>
        <source>to share your screen</source>
        <translation>共享你的屏幕</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="46"/>
        <source>to share your screen and its sound</source>
        <translation>共享你的屏幕及其声音</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="47"/>
        <source>to lock the mouse pointer</source>
        <translation>锁定鼠标指针</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="47"/>
        <source>to read the clipboard</source>
        <translation>读取剪贴板</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="48"/>
        <source>your installed fonts</source>
        <translation>你安装的字体</translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="60"/>
        <source>{0} asks for {1}.</source>
        <translation>{0} 请求{1}。</translation>
    </message>
</context>
<context>
    <name>PermissionsView</name>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="30"/>
        <source>Permissions</source>
        <translation>权限</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <source>Tab</source>
        <translation>标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <location filename="../../app/ui/permissions_view.py" line="35"/>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Permission</source>
        <translation>权限</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="33"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="33"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Allowed</source>
        <translation>已允许</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="35"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="39"/>
        <source>Requests (denied unless you allowed the origin in its lease)</source>
        <translation>请求（除非你在其租约内允许了该来源，否则一律拒绝）</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="41"/>
        <source>Your grants, per lease (forgotten when the lease closes)</source>
        <translation>你的授权，按租约（租约关闭时即被忘记）</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="43"/>
        <source>Device grants (WebHID, Web Serial)</source>
        <translation>设备授权（WebHID、Web Serial）</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>allowed</source>
        <translation>已允许</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>denied</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>asking</source>
        <translation>询问中</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="52"/>
        <source>default (deny)</source>
        <translation>默认（拒绝）</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="52"/>
        <source>allowed once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="53"/>
        <source>allowed for the lease</source>
        <translation>在租约内允许</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="53"/>
        <source>your answer</source>
        <translation>你的回答</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="69"/>
        <source>once</source>
        <translation>一次</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="69"/>
        <source>for this lease</source>
        <translation>在此租约内</translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="72"/>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>PopupBar</name>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="87"/>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="88"/>
        <source>Open this popup in a new tab</source>
        <translation>在新标签页中打开此弹出窗口</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="90"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="91"/>
        <source>Keep the popups blocked</source>
        <translation>继续阻止这些弹出窗口</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="108"/>
        <source>Popup blocked: {0} tried to open {1} with no click or key press of yours.</source>
        <translation>已阻止弹出窗口：{0} 试图在你没有点击或按键的情况下打开 {1}。</translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="111"/>
        <source>{0} popups blocked: {1} tried to open them with no click or key press of yours; the newest: {2}.</source>
        <translation>已阻止 {0} 个弹出窗口：{1} 试图在你没有点击或按键的情况下打开它们；最新的一个：{2}。</translation>
    </message>
</context>
<context>
    <name>ReferenceDrop</name>
    <message>
        <location filename="../../app/ui/reference_drop.py" line="80"/>
        <source>Reference image not attached: {0}</source>
        <extracomment>File name endings taken as images from a drop or a copied file.</extracomment>
        <translation>未附加参考图：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/reference_drop.py" line="82"/>
        <source>Reference image (design target) attached to annotation {0}: {1}</source>
        <translation>参考图（设计目标）已附加到批注 {0}：{1}</translation>
    </message>
</context>
<context>
    <name>ReviewIo</name>
    <message>
        <location filename="../../app/ui/review_io.py" line="36"/>
        <source>Export Review…</source>
        <translation>导出评审…</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="38"/>
        <source>Share the annotations as one HTML file (images inside), as JSON to import again, or as Markdown</source>
        <translation>将批注分享为单个 HTML 文件（内含图片）、可再次导入的 JSON，或 Markdown</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="41"/>
        <source>Import Review…</source>
        <translation>导入评审…</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="42"/>
        <source>Add the annotations of an exported JSON review to the shown page, found again by their locators</source>
        <translation>将导出的 JSON 评审中的批注添加到当前页面，按定位器重新找到元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="46"/>
        <source>Detail Level</source>
        <translation>详细程度</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="67"/>
        <source>One HTML file, images inside (*.html)</source>
        <translation>单个 HTML 文件，内含图片 (*.html)</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="68"/>
        <source>JSON review, to import again (*.json)</source>
        <translation>JSON 评审，可再次导入 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="68"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown 文件 (*.md)</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="72"/>
        <source>Compact: note, selector, text, position</source>
        <translation>精简：备注、选择器、文本、位置</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="73"/>
        <source>Standard: the element record</source>
        <translation>标准：元素记录</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="74"/>
        <source>Detailed: + box model and computed styles</source>
        <translation>详细：+ 盒模型和计算样式</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="75"/>
        <source>Forensic: + ancestry with selectors</source>
        <translation>取证：+ 带选择器的祖先链</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="94"/>
        <source>Detail level not saved: {0}</source>
        <translation>未能保存详细程度：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="96"/>
        <source>Detail level: {0}</source>
        <translation>详细程度：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="120"/>
        <source>Nothing unsent to export: pin an annotation first. A sent batch is exported from its row&apos;s right-click menu under Sent to agents (Export Review as HTML…)</source>
        <translation>没有未发送的内容可导出：请先固定一个批注。已发送的批次可在“已发送给智能体”下其所在行的右键菜单中导出（将审阅导出为 HTML…）</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="141"/>
        <source>Export Review</source>
        <translation>导出评审</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="160"/>
        <source>Export failed: {0}</source>
        <translation>导出失败：{0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/review_io.py" line="163"/>
        <source>Exported %n annotation(s) to {0}</source>
        <translation>
            <numerusform>已将 %n 条批注导出到 {0}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="209"/>
        <source>Import Review</source>
        <translation>导入评审</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="210"/>
        <source>JSON review (*.json);;All files (*)</source>
        <translation>JSON 评审 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="219"/>
        <source>Not imported: {0}</source>
        <translation>未导入：{0}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/review_io.py" line="224"/>
        <source>Imported %n annotation(s) from {0}; {1} not found on this page</source>
        <translation>
            <numerusform>已从 {0} 导入 %n 条批注；{1} 条在此页面上未找到</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SentExport</name>
    <message>
        <location filename="../../app/ui/sent_export.py" line="46"/>
        <source>Export Review as HTML…</source>
        <extracomment>A sent batch row&apos;s batch id (set by app/ui/panel_sent.py; an annotation row has none).</extracomment>
        <translation>将审阅导出为 HTML…</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="47"/>
        <source>This batch as one HTML file, images inside, with every round up to it</source>
        <translation>将此批次导出为一个 HTML 文件（内含图片），包含截至此批次的每一轮</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="61"/>
        <source>Export Review of Batch {0}</source>
        <translation>导出批次 {0} 的审阅</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="62"/>
        <source>One HTML file, images inside (*.html)</source>
        <translation>一个 HTML 文件，内含图片 (*.html)</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="72"/>
        <source>Export failed: batch {0} is not in the history</source>
        <translation>导出失败：批次 {0} 不在历史记录中</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="79"/>
        <source>Export failed: {0}</source>
        <translation>导出失败：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="81"/>
        <source>Exported batch {0} with its rounds to {1}</source>
        <translation>已将批次 {0} 及其各轮导出到 {1}</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="24"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="26"/>
        <source>Pages may open popups (as tabs next to theirs)</source>
        <translation>允许页面打开弹出窗口（在其旁边的标签页中）</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="28"/>
        <source>Allow downloads (into your downloads folder; more than one per click asks first)</source>
        <translation>允许下载（保存到你的下载文件夹；一次点击触发多个下载时先询问）</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="31"/>
        <source>Deny at once</source>
        <translation>立即拒绝</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="32"/>
        <source>Ask me (a bar above the page)</source>
        <translation>询问我（页面上方的提示条）</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="34"/>
        <source>Agents may run JavaScript in the page (evaluate)</source>
        <translation>允许智能体在页面中运行 JavaScript（evaluate）</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="36"/>
        <source>Show source hints for elements</source>
        <translation>显示元素的源码提示</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="39"/>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="46"/>
        <source>Permission requests</source>
        <translation>权限请求</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="49"/>
        <source>Language (from the next start)</source>
        <translation>语言（下次启动起生效）</translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="57"/>
        <source>Saved in {0}</source>
        <translation>保存在 {0}</translation>
    </message>
</context>
<context>
    <name>SourceLinks</name>
    <message>
        <location filename="../../app/ui/source_links.py" line="25"/>
        <source>Source</source>
        <translation>源代码</translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="54"/>
        <source>No application opens {0}</source>
        <translation>没有应用程序可打开 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="58"/>
        <source>Not opened in an editor: {0}</source>
        <translation>未在编辑器中打开：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="72"/>
        <source>Opened {0} in the editor</source>
        <translation>已在编辑器中打开 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="79"/>
        <source>Reference</source>
        <translation>参考图</translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="80"/>
        <source>design target: {0}</source>
        <translation>设计目标：{0}</translation>
    </message>
</context>
<context>
    <name>StatusChip</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="45"/>
        <source>pending</source>
        <extracomment>The second line&apos;s opacity on a selected row: white at this alpha over the accent is 4.5:1 or more (tests/test_window_look.py computes it). The status word of a sent row&apos;s status column (the chip&apos;s colour; the column&apos;s text is ``status — reply``). Status chip colours (background, under white text): each at least 4.5:1 against white (WCAG 2.x AA for text; tests/test_window_look.py computes it), the same in light and dark. The statuses of a current annotation that get a chip in its row: the ones that need the user&apos;s eye. An exact match gets none (a chip on every row is noise: issue 30, requirement 5); &quot;stale&quot; covers hidden elements too.</extracomment>
        <translation>待接收</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="46"/>
        <source>delivered</source>
        <translation>已送达</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="47"/>
        <source>acknowledged</source>
        <translation>已确认</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="48"/>
        <source>resolved</source>
        <translation>已解决</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="49"/>
        <source>dismissed</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="50"/>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="51"/>
        <source>reopened</source>
        <translation>已重新打开</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="52"/>
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="53"/>
        <source>unsent</source>
        <translation>未发送</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <location filename="../../app/ui/status.py" line="95"/>
        <source>Page zoom; click to reset to 100 % (Ctrl+0)</source>
        <extracomment>How long a message with an action (Copy path) stays, ms; the action goes with it.</extracomment>
        <translation>页面缩放；点击重置为 100 %（Ctrl+0）</translation>
    </message>
    <message>
        <location filename="../../app/ui/status.py" line="110"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/status.py" line="111"/>
        <source>Stop it and put the page back as it was (Esc)</source>
        <translation>停止并把页面恢复原样（Esc）</translation>
    </message>
</context>
<context>
    <name>Tab</name>
    <message>
        <location filename="../../app/tabs/tab.py" line="115"/>
        <source>The page&apos;s renderer crashed. Reload to continue — your annotations are kept.</source>
        <extracomment>``{code, text, url}`` while the tab shows Chromium&apos;s error page for its last main-frame load (``code`` Chromium&apos;s net error number, ``text`` its name, e.g. ``-102``, ``&quot;net::ERR_CONNECTION_REFUSED&quot;``), or when the renderer crashed during that load (``code`` 0, ``text`` ``RENDERER_CRASHED``), else ``None``: see :meth:`_loading_changed`. Chromium&apos;s termination statuses that are no crash (a normal exit, e.g. the page being replaced).</extracomment>
        <translation>页面的渲染进程已崩溃。重新加载即可继续——批注都还在。</translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="118"/>
        <source>Blocked {0}: {1}</source>
        <translation>已阻止 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="119"/>
        <source>Refused {1} for {0}: pagenote does not send passwords for pages</source>
        <translation>已拒绝 {0} 的{1}：pagenote 不会替页面发送密码</translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="120"/>
        <source>Refused {1} for {0}</source>
        <translation>已拒绝 {0} 的{1}</translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="121"/>
        <source>Refused {0}: its certificate is not valid ({1})</source>
        <translation>已拒绝 {0}：其证书无效（{1}）</translation>
    </message>
</context>
<context>
    <name>TabDeck</name>
    <message>
        <location filename="../../app/ui/tab_view.py" line="157"/>
        <source>Tab {0}: {1}</source>
        <translation>标签页 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="158"/>
        <source>Closed tab</source>
        <translation>已关闭的标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="204"/>
        <source>Tabs</source>
        <translation>标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="209"/>
        <source>New tab (Ctrl+T)</source>
        <translation>新标签页 (Ctrl+T)</translation>
    </message>
</context>
<context>
    <name>TabStrip</name>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="56"/>
        <location filename="../../app/ui/tab_strip.py" line="92"/>
        <source>New tab</source>
        <extracomment>Widest tab, in px: room for a documentation page&apos;s usual &quot;Page — Project 1.2.3 documentation&quot; title. A longer title is elided by Qt at its end to the width left by the close button, on whole letters (not at a character count); the full title is in the tooltip.</extracomment>
        <translation>新标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="58"/>
        <source>New private tab</source>
        <translation>新建私密标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="60"/>
        <source>Close tab</source>
        <translation>关闭标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="61"/>
        <source>Next tab</source>
        <translation>下一个标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="62"/>
        <source>Previous tab</source>
        <translation>上一个标签页</translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="114"/>
        <source>lease: {0}</source>
        <translation>租约：{0}</translation>
    </message>
</context>
<context>
    <name>Toolbars</name>
    <message>
        <location filename="../../app/ui/toolbars.py" line="45"/>
        <source>Annotate</source>
        <extracomment>pagenote&apos;s own shortcuts (the browser keys are in app/ui/keys.py).</extracomment>
        <translation>批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="45"/>
        <source>Annotation mode: click elements to pin numbered notes</source>
        <translation>批注模式：点击元素钉上带编号的备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="49"/>
        <source>Screenshot</source>
        <translation>截图</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="49"/>
        <source>Save the visible viewport as a PNG in shots/ (and a copy with the annotations drawn)</source>
        <translation>把可见视口保存为 shots/ 中的 PNG（另存一份画有批注的副本）</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="52"/>
        <source>Full page</source>
        <translation>整页</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="52"/>
        <source>Save the whole document as one PNG</source>
        <translation>把整个文档保存为一张 PNG</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="54"/>
        <source>Full page with annotations</source>
        <translation>整页（含批注）</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="55"/>
        <source>Save the whole document, plus a copy with the annotations drawn</source>
        <translation>保存整个文档，另存一份画有批注的副本</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="57"/>
        <source>Crop annotated elements</source>
        <translation>裁剪已批注的元素</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="58"/>
        <source>Save a crop of each annotated element and list it in its annotation</source>
        <translation>为每个已批注的元素保存裁剪图，并在其批注中列出</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="60"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="60"/>
        <source>Copy the annotations as Markdown</source>
        <translation>以 Markdown 复制批注</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="62"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="62"/>
        <source>Save the annotations as Markdown in annotations/</source>
        <translation>把批注以 Markdown 保存到 annotations/</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="64"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="64"/>
        <source>Send the annotations to waiting coding agents</source>
        <translation>把批注发送给正在等待的编程智能体</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="66"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="66"/>
        <source>Remove all annotations and the overall note</source>
        <translation>删除所有批注和总体备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="69"/>
        <source>Toolbar</source>
        <translation>工具栏</translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="78"/>
        <source>Address: URL, localhost:PORT or a file</source>
        <translation>地址：URL、localhost:端口 或文件</translation>
    </message>
</context>
<context>
    <name>VerifyView</name>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="30"/>
        <source>  (follow-up to {0} of batch {1})</source>
        <extracomment>The sent view&apos;s role holding an annotation row&apos;s ``(batch id, number)`` (app/ui/panel_sent.py).</extracomment>
        <translation>  （批次 {1} 中 {0} 的后续）</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="39"/>
        <source>Round {0}, after batch {1}</source>
        <translation>第 {0} 轮，接批次 {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="41"/>
        <location filename="../../app/ui/verify_view.py" line="238"/>
        <source>Round {0}</source>
        <translation>第 {0} 轮</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="43"/>
        <source>  · follow-ups to {0}</source>
        <translation>  · {0} 的后续</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="65"/>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="66"/>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="68"/>
        <source>  · checked: {0}, {1} % px</source>
        <translation>  · 已检查：{0}，{1} % 像素</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="81"/>
        <source>view size changed</source>
        <translation>视图大小已改变</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="83"/>
        <source>  · check failed: {0}</source>
        <translation>  · 检查失败：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="106"/>
        <source>  · reopened as {0} in batch {1}</source>
        <translation>  · 已重新打开为批次 {1} 中的 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="107"/>
        <source>  · reopened as {0} in the current batch</source>
        <translation>  · 已重新打开为当前批次中的 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="51"/>
        <source>Before</source>
        <extracomment>The three pictures, in the toggle&apos;s order, and the Verification field holding each one&apos;s path. Tallest picture shown, in device-independent px (the panel is narrow; the file is whole on disk). The thread&apos;s rounds, oldest first (``(tooltip, verification or None)``) and which one is shown.</extracomment>
        <translation>之前</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="52"/>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="53"/>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="65"/>
        <source>Red boxes: changed regions</source>
        <translation>红框：发生变化的区域</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="72"/>
        <source>Resize to the pin&apos;s size and check</source>
        <translation>恢复到固定时的大小并检查</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="73"/>
        <source>Move the side panel&apos;s divider (and resize the window only if needed) so the page view has the size it was pinned at, then check</source>
        <translation>移动侧边面板的分隔条（仅在必要时调整窗口大小），使页面视图恢复到固定时的大小，然后检查</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="77"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="78"/>
        <source>Find the element again on the page now and compare it with the before crop taken at pin time</source>
        <translation>现在在页面上重新找到该元素，并与标注时截取的“之前”图像比较</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="80"/>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="81"/>
        <source>Close this annotation as verified</source>
        <translation>将此标注标记为已验证并关闭</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="82"/>
        <source>Reopen…</source>
        <translation>重新打开…</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="83"/>
        <source>Add a follow-up note to the current batch</source>
        <translation>向当前批次添加后续备注</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="85"/>
        <source>What is still wrong? (the follow-up&apos;s note)</source>
        <translation>还有什么问题？（后续备注）</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="87"/>
        <source>Add follow-up</source>
        <translation>添加后续</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="88"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="169"/>
        <source>Reopened as {0} in batch {1}.</source>
        <translation>已重新打开为批次 {1} 中的 {0}。</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="170"/>
        <source>Reopened as {0} in the current batch.</source>
        <translation>已重新打开为当前批次中的 {0}。</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="188"/>
        <source>Not checked yet.</source>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="188"/>
        <location filename="../../app/ui/verify_view.py" line="197"/>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="191"/>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="191"/>
        <source>rematched</source>
        <translation>已重新匹配</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="193"/>
        <source>Changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="193"/>
        <source>No change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="195"/>
        <source>{0} · {1} · {2} % of pixels changed · checked {3}</source>
        <translation>{0} · {1} · {2} % 的像素已更改 · 检查于 {3}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="199"/>
        <source>No style, text or box change recorded.</source>
        <translation>未记录到样式、文字或盒子的变化。</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="209"/>
        <source>Next: {0}</source>
        <translation>下一步：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="239"/>
        <source>Annotation {0} of batch {1}</source>
        <translation>批次 {1} 的批注 {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="164"/>
        <source>Accepted (verified).</source>
        <translation>已接受（已验证）。</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="114"/>
        <location filename="../../app/ui/verify_view.py" line="206"/>
        <source>Could not complete: {0}: {1}</source>
        <translation>无法完成：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="134"/>
        <source>(no picture: check first)</source>
        <translation>（无图片：请先检查）</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="135"/>
        <source>(picture missing)</source>
        <translation>（图片缺失）</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="75"/>
        <source>Could not accept: {0}</source>
        <translation>无法接受：{0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="96"/>
        <source>Write what is still wrong first.</source>
        <translation>请先写下还有什么问题。</translation>
    </message>
</context>
</TS>
