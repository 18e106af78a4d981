/// What a key does in the tree (normal mode).
package enum Command: String, Sendable, Hashable, CaseIterable {
    case moveUp, moveDown, collapse, expand, pageUp, pageDown, top, bottom
    case activate, toggle, edit, resetKey, resetAll, restoreDevice, pickDevice, compareDevice, saveDevice,
        adoptLiveDevice, export, copyKey, openInEditor, references, undo, redo
    case search, nextMatch, previousMatch, filter, cycleView, toggleHidden
    case switchPane, reload, help, quit, back
}

/// What a key does while a search query is typed.
package enum SearchCommand: Sendable, Hashable {
    case keep, cancel, deleteBack, deleteWordBack, clear
}

/// What a key does in the line editor of `e` (the readline/emacs keys shells use).
package enum EditorCommand: Sendable, Hashable {
    case save, cancel
    case left, right, wordLeft, wordRight, lineStart, lineEnd
    case deleteBack, deleteForward, deleteWordBack, deleteWordForward, killToEnd, clear
}

/// What a key does in a picker. Printable characters are not commands there: they jump.
package enum PickerCommand: Sendable, Hashable {
    case up, down, pageUp, pageDown, first, last, choose, cancel, deleteBack
}

/// What a key does while a confirmation asks y/n.
package enum ConfirmCommand: Sendable, Hashable {
    case yes, no
}

/// What a key does in the help overlay.
package enum ExportCommand: Sendable, Hashable {
    case lineDown, lineUp, pageDown, pageUp, top, bottom, copy, write, close
}

/// What a key does in the help overlay.
package enum HelpCommand: Sendable, Hashable {
    case lineDown, lineUp, pageDown, pageUp, top, bottom, close
}

/// What a key does whatever the mode.
package enum GlobalCommand: Sendable, Hashable {
    /// Leave at once, as an interrupted program does (exit status 130).
    case interrupt
    /// Hand the terminal back to the shell until `fg` (the job-control stop of Ctrl-Z).
    case suspend
}
