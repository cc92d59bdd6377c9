import WebBridge

extension PageServices {
    /// The handlers and events these services give a trusted page, for the `BridgeContract` of
    /// an app that grants them: `WebApplication` adds them to the app's contract when it writes
    /// its pages' types, so a page calls `desktop.openFile` typed, as it calls the app's own.
    public var contractEntries: [BridgeContract.Entry] {
        var entries: [BridgeContract.Entry] = []
        if contains(.fileChooser) {
            entries.append(.binaryOrNull(PageFileChooser.name, meta: PageFileChooser.Request?.self,
                                         summary: "Asks the user for a file in the window's chooser; resolves with its bytes, or null when the user cancelled."))
        }
        if contains(.droppedFiles) {
            entries.append(.binary(PageDroppedFiles.name, request: PageDroppedFiles.Request.self,
                                   summary: "The bytes of a file the `filesDropped` event described, by its token, while the page stays."))
        }
        if !isDisjoint(with: [.droppedFilePaths, .droppedFiles]) {
            entries.append(.event(FilesDropped.self, summary: "Files the user dropped onto the window."))
        }
        return entries
    }
}
