import FoundationEssentials

/// What the binary channel answers a page with, by content type: bytes, which the page
/// gets as an `ArrayBuffer`, or JSON, which it gets decoded.
enum BinaryBody {
    case bytes(Data)
    case json(Data)

    var contentType: String {
        switch self {
        case .bytes: "application/octet-stream"
        case .json: "application/json"
        }
    }

    var data: Data {
        switch self {
        case .bytes(let data), .json(let data): data
        }
    }
}
