import CWebKitGTKHelpers
import GLibCore

extension WebContext {
    /// Deletes all website data (cookies, storage, caches) of this context while it runs,
    /// for a "clear data" action; at startup `WebsiteDataLocation.clear()` is simpler.
    public func clearWebsiteData() async throws {
        let manager = websiteDataManager
        _ = try await asyncCall(start: { callback, data in
            webkit_website_data_manager_clear(manager, WEBKIT_WEBSITE_DATA_ALL, 0, nil, callback, data)
        }, finish: { result in
            try throwingGError { webkit_website_data_manager_clear_finish(manager, result, $0) }
        })
    }
}
