<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AgentBar</name>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="102"/>
        <source>Stop</source>
        <extracomment>How long one click mark stays (ms), and its ring&apos;s radius (view px).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="103"/>
        <source>Take the page back: the agent&apos;s further actions are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="105"/>
        <source>Hand back to the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="136"/>
        <source>Agent is using this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="138"/>
        <source> — the page opened a dialog ({0}): “{1}”; waiting for the agent&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/agent_bar.py" line="141"/>
        <source>You took the page back: the agent&apos;s actions are refused until you hand it back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotateController</name>
    <message>
        <location filename="../../app/ui/annotate.py" line="102"/>
        <source>Annotation mode off</source>
        <extracomment>(status text, undo callable): a discarded new note the status bar offers to bring back.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="109"/>
        <source>The page did not load ({0}): this is Chromium&apos;s error page, not the page. Reload or open the page, then annotate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="121"/>
        <source>the new annotation without a note was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="124"/>
        <source>annotation {0} saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="235"/>
        <source>The page is not ready for annotation yet; try again in a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="243"/>
        <source>That frame cannot be annotated (its document is not reachable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="249"/>
        <source>Could not read that element (invalid record from the page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="286"/>
        <source>Annotation {0} · {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="336"/>
        <source>Annotation deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="343"/>
        <source>Annotation {0} saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="363"/>
        <source>Discarded annotation {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="366"/>
        <source>Annotation cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/annotate.py" line="381"/>
        <source>Annotation {0} restored</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotationPanel</name>
    <message>
        <location filename="../../app/ui/panel.py" line="67"/>
        <source>Tab {0}</source>
        <extracomment>The id of the tab an annotation row&apos;s pin was made in. Pick the element of an ambiguous annotation among its candidates (pin id, tab id; app/ui/candidate_pick.py).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="73"/>
        <source>Overall note for the whole batch (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="76"/>
        <source>No annotations yet.
Press Annotate (Ctrl+Shift+A), then click an element on the page to pin a numbered note.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="78"/>
        <location filename="../../app/ui/panel.py" line="343"/>
        <location filename="../../app/ui/panel.py" line="347"/>
        <source>no note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="91"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="92"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="94"/>
        <source>Choose its element…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="98"/>
        <source>Sent to agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="98"/>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="108"/>
        <source>Annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="133"/>
        <source>Overall note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="255"/>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="257"/>
        <source>rematched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="259"/>
        <source>hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="260"/>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="263"/>
        <source>Selector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="264"/>
        <source>Hidden characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="271"/>
        <source>The page&apos;s text held invisible characters or line breaks, shown escaped: the agent reads them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="272"/>
        <source>hidden text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="282"/>
        <source>(page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="285"/>
        <source>This tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="286"/>
        <source>This tab, another page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="314"/>
        <source>  [element no longer matched]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="318"/>
        <source>  (rematched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="320"/>
        <source>  (hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="321"/>
        <source>  (hidden: {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="324"/>
        <source>  (hidden text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="331"/>
        <source>Right-click the row and choose “Choose its element…” to pick it on the page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="335"/>
        <source> · reading the element…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel.py" line="336"/>
        <source>  (reading the element…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel.py" line="360"/>
        <source>%n annotation(s)</source>
        <translation>
            <numerusform>%n annotation</numerusform>
            <numerusform>%n annotations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel_sent.py" line="89"/>
        <source>{0} (%n annotation(s))</source>
        <extracomment>Marks a sent view row that holds an agent&apos;s reply (not a batch or an annotation).</extracomment>
        <translation>
            <numerusform>{0} (%n annotation)</numerusform>
            <numerusform>{0} (%n annotations)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowserKeys</name>
    <message>
        <location filename="../../app/ui/keys.py" line="95"/>
        <source>Back</source>
        <extracomment>Chromium&apos;s preset zoom factors (kPresetZoomFactors), the steps of Ctrl+plus and Ctrl+minus.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="95"/>
        <source>Go back one page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="97"/>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="97"/>
        <source>Go forward one page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="99"/>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="99"/>
        <source>Reload the page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="101"/>
        <source>Hard reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="101"/>
        <source>Reload the page, bypassing the cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="103"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="103"/>
        <source>Stop loading the page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="105"/>
        <source>Address bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="105"/>
        <source>Focus and select the address bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="107"/>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="107"/>
        <source>Make the page larger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="109"/>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="109"/>
        <source>Make the page smaller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="111"/>
        <source>Actual size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="111"/>
        <source>Reset the page zoom to 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="113"/>
        <source>Find in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="113"/>
        <source>Find text in the page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="115"/>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="115"/>
        <source>Quit pagenote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="116"/>
        <source>Parent element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="116"/>
        <source>Annotation mode: highlight the parent of the highlighted element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="119"/>
        <source>Next element under the pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/keys.py" line="120"/>
        <source>Annotation mode: the next element under the pointer (through overlays)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CandidatePick</name>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="73"/>
        <source>This annotation has no candidates to choose from.</source>
        <extracomment>How often the candidates are measured again while they are shown, in ms (a scroll moves them). A click this many CSS px outside a candidate&apos;s box still picks it (the outline is drawn outside the box).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="81"/>
        <source>Click the element this note is about, or press its number. Esc cancels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="88"/>
        <source>Nothing changed: the annotation is still stale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="191"/>
        <source>Candidate {0} is no longer on the page: choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/candidate_pick.py" line="195"/>
        <source>The annotation is on the element you chose.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClearUndo</name>
    <message>
        <location filename="../../app/ui/clear_undo.py" line="25"/>
        <source>Nothing to clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/clear_undo.py" line="38"/>
        <source>Restored %n annotation(s)</source>
        <translation>
            <numerusform>Restored %n annotation</numerusform>
            <numerusform>Restored %n annotations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/clear_undo.py" line="40"/>
        <source>Cleared %n annotation(s)</source>
        <translation>
            <numerusform>Cleared %n annotation</numerusform>
            <numerusform>Cleared %n annotations</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/clear_undo.py" line="41"/>
        <location filename="../../app/ui/clear_undo.py" line="47"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsoleDock</name>
    <message>
        <location filename="../../app/ui/console_dock.py" line="52"/>
        <source>Console</source>
        <extracomment>New entries reach the list in batches, at most this often (ms). The owner name the dock holds the DevTools session under.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="60"/>
        <source>All levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="60"/>
        <source>Warnings and errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="61"/>
        <source>Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="64"/>
        <source>Search messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="66"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="67"/>
        <source>Copy entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/console_dock.py" line="143"/>
        <source>Stack (innermost first):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CrashPage</name>
    <message>
        <location filename="../../app/ui/crash_page.py" line="21"/>
        <source>This page&apos;s renderer crashed.
Your annotations are kept: reload the page to continue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/crash_page.py" line="24"/>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="169"/>
        <source>CSS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="179"/>
        <source>Annotation {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="208"/>
        <source>Select an annotation to see its details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DevToolsWindow</name>
    <message>
        <location filename="../../app/ui/devtools.py" line="30"/>
        <source>DevTools — pagenote</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceChooser</name>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="21"/>
        <source>an HID device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="21"/>
        <source>a serial port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="22"/>
        <source>Connect a device — pagenote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="24"/>
        <source>{0} wants to connect to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="27"/>
        <source>No compatible devices found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="29"/>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="30"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_chooser.py" line="53"/>
        <source>serial {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceMenu</name>
    <message>
        <location filename="../../app/ui/device_menu.py" line="29"/>
        <source>Emulate a device, dark mode, reduced motion, print, a slow CPU or a slow network in this tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="30"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="35"/>
        <source>None (the window as it is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="38"/>
        <source>Window size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="40"/>
        <source>{0} — {1}×{2}, DPR {3:g}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="43"/>
        <source>Color scheme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <location filename="../../app/ui/device_menu.py" line="46"/>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="44"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="45"/>
        <source>Motion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="46"/>
        <source>Reduced motion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="47"/>
        <source>No preference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="48"/>
        <source>Media</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="49"/>
        <source>Screen (as it is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="49"/>
        <source>Print</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="50"/>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="51"/>
        <source>No slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="51"/>
        <source>{0}× slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="52"/>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="53"/>
        <source>No throttling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Slow 4G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="66"/>
        <source>Fast 4G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="120"/>
        <source>Emulation not applied: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="123"/>
        <source>Emulating: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/device_menu.py" line="124"/>
        <source>Emulation off: the page sees the window</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DevicesDock</name>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="38"/>
        <source>Devices</source>
        <extracomment>New log entries reach the table in batches, at most this often (ms). Rows the table keeps (the oldest go first; the service&apos;s log keeps more).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="49"/>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="49"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="50"/>
        <source>Revoke access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="51"/>
        <source>Take back the selected origin&apos;s access to the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="58"/>
        <source>Log traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="59"/>
        <source>Record every report and serial chunk of every page (off by default; a page opened with ?hidDebug=1 logs anyway)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="62"/>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="62"/>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="65"/>
        <source>Filter: device, hex or op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="67"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="68"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="69"/>
        <location filename="../../app/ui/devices_dock.py" line="126"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="70"/>
        <source>Copy the selected rows (or all shown) as text lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="71"/>
        <source>Export JSON Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="76"/>
        <source>Dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Report ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="77"/>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="144"/>
        <source>blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="144"/>
        <source>open ({0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="145"/>
        <source>Serial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="149"/>
        <source>granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="237"/>
        <source>{0} entries shown; log {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="238"/>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="238"/>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="265"/>
        <source>Exported to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/devices_dock.py" line="286"/>
        <source>Devices pages use (WebHID, Web Serial) and their traffic (Ctrl+Shift+D)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DialogBar</name>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="30"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="46"/>
        <source>This page showed an alert: “{0}”. pagenote dismissed it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="49"/>
        <source>This page asked to confirm: “{0}”. pagenote answered OK.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="50"/>
        <source>This page asked to confirm: “{0}”. pagenote answered Cancel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="52"/>
        <source>This page asked before leaving: “{0}”. pagenote left the page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="54"/>
        <source>This page asked for text: “{0}”. pagenote answered Cancel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="55"/>
        <source>This page asked for text: “{0}”. pagenote answered “{1}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/dialog_bar.py" line="65"/>
        <source>The page keeps opening dialogs: pagenote answers the rest at once without showing them ({0})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Downloads</name>
    <message>
        <location filename="../../app/tabs/downloads.py" line="58"/>
        <source>test file: pytest runs it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="60"/>
        <source>build file: runs when the project builds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="62"/>
        <source>script: runs if started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="64"/>
        <source>executable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="146"/>
        <source>Blocked the downloads of {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="213"/>
        <source>Blocked the download of {0} (downloads are off in Settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="217"/>
        <source>Blocked the download of {0} (no open tab asked for it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="221"/>
        <source>Blocked the download of {0} from {1} (you chose Block for this page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="225"/>
        <source>Blocked the download of {0} from {1} ({2} of its downloads already wait for your answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="235"/>
        <location filename="../../app/tabs/downloads.py" line="312"/>
        <source>Could not download {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="247"/>
        <source>Downloading {0} to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="290"/>
        <location filename="../../app/tabs/downloads.py" line="317"/>
        <source>Downloaded {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/downloads.py" line="294"/>
        <source>The download of {0} failed: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DownloadsBar</name>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="46"/>
        <source>Allow</source>
        <extracomment>Names the bar lists at most (the rest are counted).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="47"/>
        <source>Block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="48"/>
        <source>Save these files in your downloads folder, and let this page download more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="50"/>
        <source>Discard these files, and refuse this page&apos;s next downloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="68"/>
        <source> and {0} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="69"/>
        <source>This page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="71"/>
        <source>{0} wants to download a file: {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="73"/>
        <source>{0} wants to download {1} files: {2}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="74"/>
        <source>Nothing is saved until you allow it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DraftPrompt</name>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="40"/>
        <source>Restore unsent annotations?</source>
        <extracomment>A close question: ``ask(window, unsent)`` gives the choice (``&quot;send&quot;``, ``&quot;save&quot;``, ``&quot;discard&quot;``, ``&quot;cancel&quot;``) or an awaitable of it (:func:`ask_close`; a plain string is acted on at once, as tests do).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="41"/>
        <source>pagenote was closed with %n unsent annotation(s) (saved {0}). Restore them?</source>
        <translation>
            <numerusform>pagenote was closed with %n unsent annotation (saved {0}). Restore it?</numerusform>
            <numerusform>pagenote was closed with %n unsent annotations (saved {0}). Restore them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="44"/>
        <source>%n private tab(s) will open empty: private tabs keep no cookies or storage.</source>
        <translation>
            <numerusform>%n private tab will open empty: private tabs keep no cookies or storage.</numerusform>
            <numerusform>%n private tabs will open empty: private tabs keep no cookies or storage.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="55"/>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="56"/>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="84"/>
        <source>%n annotation(s) have not been sent. Send them to the agent, keep them for the next start, or discard them?</source>
        <translation>
            <numerusform>%n annotation has not been sent. Send it to the agent, keep it for the next start, or discard it?</numerusform>
            <numerusform>%n annotations have not been sent. Send them to the agent, keep them for the next start, or discard them?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="69"/>
        <source>Unsent annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="71"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="72"/>
        <source>Keep for next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="79"/>
        <source>%n annotation(s) in this tab have not been sent. Send hands the whole batch ({0} annotations) to the agent, Keep keeps them in the batch for later, “{1}” removes this tab&apos;s.</source>
        <translation>
            <numerusform>%n annotation in this tab has not been sent. Send hands the whole batch ({0} annotations) to the agent, Keep keeps it in the batch for later, “{1}” removes this tab&apos;s.</numerusform>
            <numerusform>%n annotations in this tab have not been sent. Send hands the whole batch ({0} annotations) to the agent, Keep keeps them in the batch for later, “{1}” removes this tab&apos;s.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="124"/>
        <source>Send failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/draft_prompt.py" line="247"/>
        <source>Could not restore the unsent annotations: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/draft_prompt.py" line="255"/>
        <source>Restored %n unsent annotation(s)</source>
        <translation>
            <numerusform>Restored %n unsent annotation</numerusform>
            <numerusform>Restored %n unsent annotations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../app/ui/find_bar.py" line="46"/>
        <source>Find in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="50"/>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="51"/>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="52"/>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="91"/>
        <source>{0} of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/find_bar.py" line="93"/>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FreezeAction</name>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="24"/>
        <source>Freeze the page: pause its animations, transitions, videos and scripted motion (again: resume)</source>
        <extracomment>Free in pagenote&apos;s and Chrome&apos;s key maps, and no text field&apos;s editing key.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="25"/>
        <source>Freeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="66"/>
        <source>Frozen — paused: animations {0}, videos {1}; frames {2} · {3} resumes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/freeze_action.py" line="69"/>
        <source>Unfrozen: the page moves again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gestures</name>
    <message>
        <location filename="../../app/ui/gestures.py" line="216"/>
        <source>Drag across text to annotate it (no text where the drag started)</source>
        <extracomment>A press that moves less than this (view px) before its release is a click.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="221"/>
        <source>No text was selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="226"/>
        <source>Could not read that text range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="257"/>
        <source>Could not read that region</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/gestures.py" line="295"/>
        <location filename="../../app/ui/gestures.py" line="310"/>
        <source>Group: %n element(s) · release Ctrl to write the note</source>
        <translation>
            <numerusform>Group: %n element · release Ctrl to write the note</numerusform>
            <numerusform>Group: %n elements · release Ctrl to write the note</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/gestures.py" line="319"/>
        <source>Could not read the group&apos;s elements</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HelpMenus</name>
    <message>
        <location filename="../../app/ui/help_menu.py" line="46"/>
        <source>Click</source>
        <extracomment>Bundled components and their licences (what the standalone bundle ships; see each project&apos;s licence file).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="46"/>
        <source>Annotation mode: pin the element under the pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="47"/>
        <source>Drag across text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="47"/>
        <source>Annotation mode: annotate the words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="48"/>
        <source>Shift+drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="48"/>
        <source>Annotation mode: annotate a region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="49"/>
        <source>{0}+click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="50"/>
        <source>Annotation mode: add the element to a group (again: take it out); the note box opens when {0} is released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="52"/>
        <source>Ctrl+drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="53"/>
        <source>Annotation mode: add the elements wholly inside the box to a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="56"/>
        <source>Delete button</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="57"/>
        <source>Note box of a saved annotation: delete it (a new one: Discard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="58"/>
        <source>Note box: save the note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="59"/>
        <source>Note box: new line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="60"/>
        <source>Close the note box; again: leave annotation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="76"/>
        <source>Annotate</source>
        <extracomment>The dialog&apos;s sections: (title&apos;s source text, the window attributes whose actions it lists). An action in none of them goes under &quot;Window and tools&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="77"/>
        <source>Screenshots and hand-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="79"/>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="107"/>
        <source>Note box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="108"/>
        <source>Window and tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="122"/>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="123"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="127"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="134"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="135"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="137"/>
        <source>&amp;About pagenote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="143"/>
        <source>The language changes the next time pagenote starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="167"/>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="167"/>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="197"/>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="202"/>
        <source>Annotate a web page element by element and hand the notes to a coding agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="203"/>
        <source>Licences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/help_menu.py" line="216"/>
        <source>About pagenote</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaseList</name>
    <message>
        <location filename="../../app/ui/lease_list.py" line="28"/>
        <source>Leases (logins, storage and cache kept between runs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="32"/>
        <source>Open tabs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="37"/>
        <source>Clear removes a lease&apos;s cookies, site storage and cache: its sites forget you. Its open tabs close and open their pages again, signed out; their annotations stay. Private tabs keep nothing and are not listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="57"/>
        <location filename="../../app/ui/lease_list.py" line="72"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="58"/>
        <source>Remove this lease&apos;s cookies, storage and cache; its open tabs load again signed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="60"/>
        <source>Remove this lease&apos;s cookies, storage and cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="74"/>
        <source>Clear now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_list.py" line="82"/>
        <source>Could not clear lease {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/lease_list.py" line="86"/>
        <source>Lease {0} cleared: %n tab(s) opened again, signed out</source>
        <translation>
            <numerusform>Lease {0} cleared: %n tab opened again, signed out</numerusform>
            <numerusform>Lease {0} cleared: %n tabs opened again, signed out</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LeaseUi</name>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="31"/>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="32"/>
        <source>Popups, downloads, permissions, evaluate, language, leases (clear a login)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="35"/>
        <source>Permissions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/lease_ui.py" line="36"/>
        <source>What pages asked for, and what you allowed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ui/main_window.py" line="99"/>
        <source>{0} — pagenote</source>
        <extracomment>The panel&apos;s default share of the window width (the page keeps the rest, at least 70 %). Where the splitter&apos;s sizes are remembered (pagenote&apos;s settings).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="172"/>
        <source>The page&apos;s console messages and errors (Ctrl+Shift+J)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="179"/>
        <source>The page&apos;s requests: status, type, size, time (Ctrl+Shift+K)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="181"/>
        <source>Chromium&apos;s DevTools for this page, in a window of their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="182"/>
        <source>DevTools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="185"/>
        <source>View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="187"/>
        <source>Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="188"/>
        <source>Let agents run JavaScript in the page (evaluate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="205"/>
        <source>Agents may run JavaScript in the page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="206"/>
        <source>Agents may no longer run JavaScript in the page (evaluate is refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="246"/>
        <source>Not a URL or file: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="253"/>
        <source>Could not open {0} ({1}). Check the address, or that its server is running, then reload (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="39"/>
        <source>Waiting for the element records being made…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="64"/>
        <source>%n note(s) over {0} characters cut, ending in a [truncated] line</source>
        <translation>
            <numerusform>%n note over {0} characters cut, ending in a [truncated] line</numerusform>
            <numerusform>%n notes over {0} characters cut, ending in a [truncated] line</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="77"/>
        <source>Copied %n annotation(s) as Markdown ({0} characters)</source>
        <translation>
            <numerusform>Copied %n annotation as Markdown ({0} characters)</numerusform>
            <numerusform>Copied %n annotations as Markdown ({0} characters)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="87"/>
        <source>Save failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="90"/>
        <source>Saved %n annotation(s) to {0}</source>
        <translation>
            <numerusform>Saved %n annotation to {0}</numerusform>
            <numerusform>Saved %n annotations to {0}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="47"/>
        <source> and {0} with {1} numbered outlines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="49"/>
        <source>{0} saved: {1} ({2}×{3} px){4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="51"/>
        <source>Copy path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="109"/>
        <source>Taking screenshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="110"/>
        <source>Screenshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="125"/>
        <source>Full-page screenshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="150"/>
        <source>Annotation {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/shot_intents.py" line="153"/>
        <source>Saved %n element crop(s) in {0}</source>
        <translation>
            <numerusform>Saved %n element crop in {0}</numerusform>
            <numerusform>Saved %n element crops in {0}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="100"/>
        <source>Nothing to send: pin an annotation or write an overall note first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="106"/>
        <source>Send failed: could not store the batch: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="112"/>
        <source>Batch {0} is pending, but the agent socket is off: no agent can receive it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/batch_intents.py" line="116"/>
        <source>Sent batch {0} to %n waiting agent(s)</source>
        <translation>
            <numerusform>Sent batch {0} to %n waiting agent</numerusform>
            <numerusform>Sent batch {0} to %n waiting agents</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="119"/>
        <source>No agent is waiting: batch {0} is kept in annotations/sent/ (even across a restart) and goes to the next agent that asks (pagenote mcp: wait_for_annotations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="166"/>
        <source>Copied {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/batch_intents.py" line="129"/>
        <source>Annotations cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="289"/>
        <source>Agent socket off: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="60"/>
        <source>A screenshot is being taken in this tab: wait until it is done, or press Esc to cancel it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="67"/>
        <source>{0} cancelled; the page is as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="68"/>
        <source>{0} stopped: the page started loading another document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="70"/>
        <source>{0} stopped: the page&apos;s renderer crashed. Reload to continue — your annotations are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="72"/>
        <source>{0} stopped: its tab was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="73"/>
        <source>{0} stopped: the window was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="74"/>
        <source>{0} stopped: the window was minimised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="75"/>
        <source>{0} stopped: another tab was shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="76"/>
        <source>{0} stopped: the page&apos;s view changed size; take it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="81"/>
        <source>{0} failed: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="126"/>
        <source>Capturing the full page… (Esc cancels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="143"/>
        <source>Cropping the annotated elements… (Esc cancels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/shot_intents.py" line="156"/>
        <source>Element crops</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/shot_intents.py" line="158"/>
        <source>%n element crop(s) saved before that in {0}</source>
        <translation>
            <numerusform>%n element crop saved before that in {0}</numerusform>
            <numerusform>%n element crops saved before that in {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../app/ui/menus.py" line="27"/>
        <source>Open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="30"/>
        <source>Web pages (*.html *.htm *.xhtml *.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="31"/>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="68"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="70"/>
        <source>Open File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/menus.py" line="72"/>
        <source>Open a file from this computer in the shown tab</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModeBanner</name>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="27"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="32"/>
        <source>More gestures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="52"/>
        <source>Click: pin the element under the pointer</source>
        <extracomment>Whether an agent waits for the user&apos;s notes here (``browser_annotate``: app/ui/agent_annotate.py).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="53"/>
        <source>Drag across text: pin that text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="54"/>
        <source>Shift+drag: pin a region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="55"/>
        <source>Ctrl+click: add to a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="56"/>
        <source>Alt+↑: the parent element · Alt+↓: the next element under the pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="57"/>
        <source>Esc: leave annotation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="74"/>
        <source>Annotation mode — click an element to pin a note · Esc to leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="75"/>
        <source>Press Annotate (Ctrl+Shift+A), then click an element to pin a note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/mode_banner.py" line="72"/>
        <source>An agent asked for notes: pin elements, then Send</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NetworkDock</name>
    <message>
        <location filename="../../app/ui/network_dock.py" line="154"/>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="165"/>
        <source>Filter URLs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="167"/>
        <source>Failed only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="213"/>
        <source>Details since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="214"/>
        <source>No details yet: reload for all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NetworkModel</name>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Method</source>
        <extracomment>New and changed entries reach the table in batches, at most this often (ms).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="107"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="108"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/network_dock.py" line="132"/>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoteBox</name>
    <message>
        <location filename="../../app/ui/note_box.py" line="61"/>
        <source>What should change here? (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="63"/>
        <source>Enter save · Shift+Enter new line · Esc cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="64"/>
        <location filename="../../app/ui/note_box.py" line="98"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="65"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/note_box.py" line="98"/>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PagenoteApp</name>
    <message>
        <location filename="../../app/tabs/popups.py" line="117"/>
        <source>Blocked a popup from {0} (popups are off in Settings)</source>
        <extracomment>A tab opening more than this many popups … … within this many seconds is flooding: further popups are blocked until the window has passed. Blocked popups one tab keeps for Allow once (the newest; older ones are dropped). URL schemes &quot;Allow once&quot; opens (and ``about:blank``): never file:, data:, view-source:, javascript: or an app scheme, which the page could not open as a top-level document itself.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="122"/>
        <source>Blocked a popup from {0} to {1}: no click or key press opened it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="127"/>
        <source>Blocked a popup flood from {0} (more than {1} in a second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/popups.py" line="135"/>
        <source>A popup from {0} opened behind the page the agent is using (tab {1})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PanelRows</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="103"/>
        <source>text “{0}” in {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="110"/>
        <source>region {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="112"/>
        <source>region {0} over {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/panel_rows.py" line="116"/>
        <source>group of %n: {0}</source>
        <translation>
            <numerusform>group of %n: {0}</numerusform>
            <numerusform>group of %n: {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PermissionBar</name>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="28"/>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="29"/>
        <source>Allow for this lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="30"/>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="42"/>
        <source>your location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="42"/>
        <source>to show notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="43"/>
        <source>your camera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="43"/>
        <source>your microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="44"/>
        <source>your camera and microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="45"/>
        <source>to share your screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="46"/>
        <source>to share your screen and its sound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="47"/>
        <source>to lock the mouse pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="47"/>
        <source>to read the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="48"/>
        <source>your installed fonts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permission_bar.py" line="60"/>
        <source>{0} asks for {1}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PermissionsView</name>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="30"/>
        <source>Permissions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <source>Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <location filename="../../app/ui/permissions_view.py" line="35"/>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Permission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="32"/>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="33"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="33"/>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="34"/>
        <source>Allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="35"/>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="39"/>
        <source>Requests (denied unless you allowed the origin in its lease)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="41"/>
        <source>Your grants, per lease (forgotten when the lease closes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="43"/>
        <source>Device grants (WebHID, Web Serial)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="48"/>
        <source>asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="52"/>
        <source>default (deny)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="52"/>
        <source>allowed once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="53"/>
        <source>allowed for the lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="53"/>
        <source>your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="69"/>
        <source>once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="69"/>
        <source>for this lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/permissions_view.py" line="72"/>
        <source>Revoke</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PopupBar</name>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="87"/>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="88"/>
        <source>Open this popup in a new tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="90"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="91"/>
        <source>Keep the popups blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="108"/>
        <source>Popup blocked: {0} tried to open {1} with no click or key press of yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/policy_bars.py" line="111"/>
        <source>{0} popups blocked: {1} tried to open them with no click or key press of yours; the newest: {2}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReferenceDrop</name>
    <message>
        <location filename="../../app/ui/reference_drop.py" line="80"/>
        <source>Reference image not attached: {0}</source>
        <extracomment>File name endings taken as images from a drop or a copied file.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/reference_drop.py" line="82"/>
        <source>Reference image (design target) attached to annotation {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewIo</name>
    <message>
        <location filename="../../app/ui/review_io.py" line="36"/>
        <source>Export Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="38"/>
        <source>Share the annotations as one HTML file (images inside), as JSON to import again, or as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="41"/>
        <source>Import Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="42"/>
        <source>Add the annotations of an exported JSON review to the shown page, found again by their locators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="46"/>
        <source>Detail Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="67"/>
        <source>One HTML file, images inside (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="68"/>
        <source>JSON review, to import again (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="68"/>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="72"/>
        <source>Compact: note, selector, text, position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="73"/>
        <source>Standard: the element record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="74"/>
        <source>Detailed: + box model and computed styles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="75"/>
        <source>Forensic: + ancestry with selectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="94"/>
        <source>Detail level not saved: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="96"/>
        <source>Detail level: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="120"/>
        <source>Nothing unsent to export: pin an annotation first. A sent batch is exported from its row&apos;s right-click menu under Sent to agents (Export Review as HTML…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="141"/>
        <source>Export Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="160"/>
        <source>Export failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/review_io.py" line="163"/>
        <source>Exported %n annotation(s) to {0}</source>
        <translation>
            <numerusform>Exported %n annotation to {0}</numerusform>
            <numerusform>Exported %n annotations to {0}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="209"/>
        <source>Import Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="210"/>
        <source>JSON review (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/review_io.py" line="219"/>
        <source>Not imported: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ui/review_io.py" line="224"/>
        <source>Imported %n annotation(s) from {0}; {1} not found on this page</source>
        <translation>
            <numerusform>Imported %n annotation from {0}; {1} not found on this page</numerusform>
            <numerusform>Imported %n annotations from {0}; {1} not found on this page</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SentExport</name>
    <message>
        <location filename="../../app/ui/sent_export.py" line="46"/>
        <source>Export Review as HTML…</source>
        <extracomment>A sent batch row&apos;s batch id (set by app/ui/panel_sent.py; an annotation row has none).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="47"/>
        <source>This batch as one HTML file, images inside, with every round up to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="61"/>
        <source>Export Review of Batch {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="62"/>
        <source>One HTML file, images inside (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="72"/>
        <source>Export failed: batch {0} is not in the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="79"/>
        <source>Export failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_export.py" line="81"/>
        <source>Exported batch {0} with its rounds to {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="24"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="26"/>
        <source>Pages may open popups (as tabs next to theirs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="28"/>
        <source>Allow downloads (into your downloads folder; more than one per click asks first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="31"/>
        <source>Deny at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="32"/>
        <source>Ask me (a bar above the page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="34"/>
        <source>Agents may run JavaScript in the page (evaluate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="36"/>
        <source>Show source hints for elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="39"/>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="46"/>
        <source>Permission requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="49"/>
        <source>Language (from the next start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/settings_dialog.py" line="57"/>
        <source>Saved in {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceLinks</name>
    <message>
        <location filename="../../app/ui/source_links.py" line="25"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="54"/>
        <source>No application opens {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="58"/>
        <source>Not opened in an editor: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="72"/>
        <source>Opened {0} in the editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="79"/>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/source_links.py" line="80"/>
        <source>design target: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusChip</name>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="45"/>
        <source>pending</source>
        <extracomment>The second line&apos;s opacity on a selected row: white at this alpha over the accent is 4.5:1 or more (tests/test_window_look.py computes it). The status word of a sent row&apos;s status column (the chip&apos;s colour; the column&apos;s text is ``status — reply``). Status chip colours (background, under white text): each at least 4.5:1 against white (WCAG 2.x AA for text; tests/test_window_look.py computes it), the same in light and dark. The statuses of a current annotation that get a chip in its row: the ones that need the user&apos;s eye. An exact match gets none (a chip on every row is noise: issue 30, requirement 5); &quot;stale&quot; covers hidden elements too.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="46"/>
        <source>delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="47"/>
        <source>acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="48"/>
        <source>resolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="49"/>
        <source>dismissed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="50"/>
        <source>verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="51"/>
        <source>reopened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="52"/>
        <source>sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/panel_rows.py" line="53"/>
        <source>unsent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <location filename="../../app/ui/status.py" line="95"/>
        <source>Page zoom; click to reset to 100 % (Ctrl+0)</source>
        <extracomment>How long a message with an action (Copy path) stays, ms; the action goes with it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/status.py" line="110"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/status.py" line="111"/>
        <source>Stop it and put the page back as it was (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tab</name>
    <message>
        <location filename="../../app/tabs/tab.py" line="115"/>
        <source>The page&apos;s renderer crashed. Reload to continue — your annotations are kept.</source>
        <extracomment>``{code, text, url}`` while the tab shows Chromium&apos;s error page for its last main-frame load (``code`` Chromium&apos;s net error number, ``text`` its name, e.g. ``-102``, ``&quot;net::ERR_CONNECTION_REFUSED&quot;``), or when the renderer crashed during that load (``code`` 0, ``text`` ``RENDERER_CRASHED``), else ``None``: see :meth:`_loading_changed`. Chromium&apos;s termination statuses that are no crash (a normal exit, e.g. the page being replaced).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="118"/>
        <source>Blocked {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="119"/>
        <source>Refused {1} for {0}: pagenote does not send passwords for pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="120"/>
        <source>Refused {1} for {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/tabs/tab.py" line="121"/>
        <source>Refused {0}: its certificate is not valid ({1})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TabDeck</name>
    <message>
        <location filename="../../app/ui/tab_view.py" line="157"/>
        <source>Tab {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="158"/>
        <source>Closed tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="204"/>
        <source>Tabs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_view.py" line="209"/>
        <source>New tab (Ctrl+T)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TabStrip</name>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="56"/>
        <location filename="../../app/ui/tab_strip.py" line="92"/>
        <source>New tab</source>
        <extracomment>Widest tab, in px: room for a documentation page&apos;s usual &quot;Page — Project 1.2.3 documentation&quot; title. A longer title is elided by Qt at its end to the width left by the close button, on whole letters (not at a character count); the full title is in the tooltip.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="58"/>
        <source>New private tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="60"/>
        <source>Close tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="61"/>
        <source>Next tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="62"/>
        <source>Previous tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/tab_strip.py" line="114"/>
        <source>lease: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Toolbars</name>
    <message>
        <location filename="../../app/ui/toolbars.py" line="45"/>
        <source>Annotate</source>
        <extracomment>pagenote&apos;s own shortcuts (the browser keys are in app/ui/keys.py).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="45"/>
        <source>Annotation mode: click elements to pin numbered notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="49"/>
        <source>Screenshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="49"/>
        <source>Save the visible viewport as a PNG in shots/ (and a copy with the annotations drawn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="52"/>
        <source>Full page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="52"/>
        <source>Save the whole document as one PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="54"/>
        <source>Full page with annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="55"/>
        <source>Save the whole document, plus a copy with the annotations drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="57"/>
        <source>Crop annotated elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="58"/>
        <source>Save a crop of each annotated element and list it in its annotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="60"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="60"/>
        <source>Copy the annotations as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="62"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="62"/>
        <source>Save the annotations as Markdown in annotations/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="64"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="64"/>
        <source>Send the annotations to waiting coding agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="66"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="66"/>
        <source>Remove all annotations and the overall note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="69"/>
        <source>Toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/toolbars.py" line="78"/>
        <source>Address: URL, localhost:PORT or a file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VerifyView</name>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="30"/>
        <source>  (follow-up to {0} of batch {1})</source>
        <extracomment>The sent view&apos;s role holding an annotation row&apos;s ``(batch id, number)`` (app/ui/panel_sent.py).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="39"/>
        <source>Round {0}, after batch {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="41"/>
        <location filename="../../app/ui/verify_view.py" line="238"/>
        <source>Round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="43"/>
        <source>  · follow-ups to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="65"/>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="66"/>
        <source>no change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="68"/>
        <source>  · checked: {0}, {1} % px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="81"/>
        <source>view size changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="83"/>
        <source>  · check failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="106"/>
        <source>  · reopened as {0} in batch {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/sent_labels.py" line="107"/>
        <source>  · reopened as {0} in the current batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="51"/>
        <source>Before</source>
        <extracomment>The three pictures, in the toggle&apos;s order, and the Verification field holding each one&apos;s path. Tallest picture shown, in device-independent px (the panel is narrow; the file is whole on disk). The thread&apos;s rounds, oldest first (``(tooltip, verification or None)``) and which one is shown.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="52"/>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="53"/>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="65"/>
        <source>Red boxes: changed regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="72"/>
        <source>Resize to the pin&apos;s size and check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="73"/>
        <source>Move the side panel&apos;s divider (and resize the window only if needed) so the page view has the size it was pinned at, then check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="77"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="78"/>
        <source>Find the element again on the page now and compare it with the before crop taken at pin time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="80"/>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="81"/>
        <source>Close this annotation as verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="82"/>
        <source>Reopen…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="83"/>
        <source>Add a follow-up note to the current batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="85"/>
        <source>What is still wrong? (the follow-up&apos;s note)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="87"/>
        <source>Add follow-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="88"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="169"/>
        <source>Reopened as {0} in batch {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="170"/>
        <source>Reopened as {0} in the current batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="188"/>
        <source>Not checked yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="188"/>
        <location filename="../../app/ui/verify_view.py" line="197"/>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="191"/>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="191"/>
        <source>rematched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="193"/>
        <source>Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="193"/>
        <source>No change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="195"/>
        <source>{0} · {1} · {2} % of pixels changed · checked {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="199"/>
        <source>No style, text or box change recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="209"/>
        <source>Next: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="239"/>
        <source>Annotation {0} of batch {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_view.py" line="164"/>
        <source>Accepted (verified).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="114"/>
        <location filename="../../app/ui/verify_view.py" line="206"/>
        <source>Could not complete: {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="134"/>
        <source>(no picture: check first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_pictures.py" line="135"/>
        <source>(picture missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="75"/>
        <source>Could not accept: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/ui/verify_actions.py" line="96"/>
        <source>Write what is still wrong first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
