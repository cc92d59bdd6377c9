import Foundation
import ScriptMessaging
@testable import WebBridge
import XCTest

// Shapes the contract must describe, as apps write them.
private struct Flat: Codable { var text: String; var count: Int; var ratio: Double; var done: Bool }
private struct WithOptionals: Codable { var id: String; var note: String?; var tags: [String]?; var score: Float? }
private struct Nested: Codable { var owner: Flat; var items: [Flat]; var byName: [String: Flat]; var byNumber: [Int: Bool] }
private enum Colour: String, Codable, CaseIterable { case red, green = "Green", quoted = "say \"hi\"" }
private enum Level: Int, Codable, CaseIterable { case low = 1, high = 10 }
private struct WithEnums: Codable { var colour: Colour; var levels: [Level]; var maybe: Colour? }
private struct Dated: Codable { var at: Date; var history: [Date] }
private struct Tree: Codable { var name: String; var children: [Tree]; var parent: Box? }
private final class Box: Codable { var tree: Tree }
private final class SelfHolder: Codable { var name: String; var again: SelfHolder }
private struct Wrapper<Value: Codable>: Codable { var value: Value }
private struct Empty: Codable {}
private struct AnyJSON: Codable { var value: JSONValue; var extra: [String: JSONValue]? }
private struct Renamed: Codable {
    var firstName: String
    var isOn: Bool
    enum CodingKeys: String, CodingKey { case firstName = "first-name", isOn = "on" }
}
private struct BridgeDate: Codable { var day: Int }
private struct Clash: Codable { var at: Date; var mine: BridgeDate }
/// Custom coding through a nested container, which the contract does not follow.
private struct Flattened: Codable {
    var city: String
    enum Keys: String, CodingKey { case place, city }
    init(from decoder: Decoder) throws {
        city = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .place).decode(String.self, forKey: .city)
    }
}
private enum Shape: Codable { case circle(radius: Double), square(side: Double) }
private enum Unlisted: String, Codable { case a }
private struct Misc: Codable { var link: URL; var bytes: Data; var id: UUID; var amount: Decimal; var small: UInt8; var set: Set<Int> }
private struct NullableKey: Codable {
    var value: Int?
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decodeNil(forKey: .value) ? nil : try container.decode(Int.self, forKey: .value)
    }
}

/// Either free text or fields, like the demo's `Address`.
private struct TextOrFields: Codable {
    var text: String?
    var city: String?
    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        city = try container.decodeIfPresent(String.self, forKey: .city)
    }
}

/// A latitude–longitude pair read positionally, and a list read to its end.
private struct Pair: Codable {
    var latitude: Double, longitude: Double
    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        latitude = try container.decode(Double.self)
        longitude = try container.decode(Double.self)
    }
}
private struct Tokens: Codable {
    var tokens: [String] = []
    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { tokens.append(try container.decode(String.self)) }
    }
}

/// What the contract finds for Swift types: one test per kind of shape.
final class ContractTests: XCTestCase {
    private func describe<T: Decodable>(_ type: T.Type) throws -> (TypeScriptType, [String: TypeScriptType]) {
        let describer = TypeDescriber()
        let found = try describer.type(of: type)
        return (found, Dictionary(uniqueKeysWithValues: try describer.finish().map { ($0.name, $0.type) }))
    }

    func testScalarsAndAStructBecomeAnInterface() throws {
        let (type, declarations) = try describe(Flat.self)
        XCTAssertEqual(type, .reference("Flat"))
        XCTAssertEqual(declarations["Flat"], .object([.init("text", .string), .init("count", .number),
                                                      .init("ratio", .number), .init("done", .boolean)]))
    }

    func testOptionalsAreOptionalKeys() throws {
        let (_, declarations) = try describe(WithOptionals.self)
        XCTAssertEqual(declarations["WithOptionals"], .object([
            .init("id", .string), .init("note", .string, optional: true),
            .init("tags", .array(.string), optional: true), .init("score", .number, optional: true),
        ]))
    }

    func testNestedStructsArraysAndDictionariesReferToOneDeclaration() throws {
        let (_, declarations) = try describe(Nested.self)
        XCTAssertEqual(declarations["Nested"], .object([
            .init("owner", .reference("Flat")), .init("items", .array(.reference("Flat"))),
            .init("byName", .record(.reference("Flat"))), .init("byNumber", .record(.boolean)),
        ]))
        XCTAssertNotNil(declarations["Flat"])
        XCTAssertEqual(declarations.count, 2)
    }

    func testEnumsWithRawValuesAreUnionsOfTheirValues() throws {
        let (_, declarations) = try describe(WithEnums.self)
        XCTAssertEqual(declarations["Colour"], .union([.literal("\"red\""), .literal("\"Green\""), .literal(#""say \"hi\"""#)]))
        XCTAssertEqual(declarations["Level"], .union([.literal("1"), .literal("10")]))
        XCTAssertEqual(declarations["WithEnums"], .object([
            .init("colour", .reference("Colour")), .init("levels", .array(.reference("Level"))),
            .init("maybe", .reference("Colour"), optional: true),
        ]))
    }

    func testDatesAreWhatTheBridgesEncoderWrites() throws {
        let (_, declarations) = try describe(Dated.self)
        XCTAssertEqual(declarations["Dated"], .object([.init("at", .reference("BridgeDate")), .init("history", .array(.reference("BridgeDate")))]))
        // The bridge encodes with JSONEncoder's default: seconds since 2001-01-01 as a number.
        XCTAssertEqual(String(decoding: try JSONCoders.encoder.encode([Date(timeIntervalSince1970: 12.5)]), as: UTF8.self), "[12500]")
        XCTAssertEqual(declarations["BridgeDate"], .number)
        XCTAssertTrue(try WebBridge.BridgeDate.declaration.documentation?.contains("milliseconds since 1970-01-01") == true)
    }

    func testRecursiveTypesReferToThemselvesThroughArraysAndOptionals() throws {
        let (_, declarations) = try describe(Tree.self)
        XCTAssertEqual(declarations["Tree"], .object([
            .init("name", .string), .init("children", .array(.reference("Tree"))), .init("parent", .reference("Box"), optional: true),
        ]))
        XCTAssertEqual(declarations["Box"], .object([.init("tree", .reference("Tree"))]))
    }

    func testATypeHoldingItselfDirectlyIsRefused() {
        XCTAssertThrowsError(try describe(SelfHolder.self)) { error in
            XCTAssertEqual(error as? ContractError, .recursive(String(reflecting: SelfHolder.self)))
        }
    }

    func testGenericAndNestedTypesGetTheirPathAsName() throws {
        struct Inner: Codable { var x: Int }
        let (type, declarations) = try describe(Wrapper<Inner>.self)
        XCTAssertEqual(type, .reference("WrapperContractTestsInner"))
        XCTAssertEqual(declarations["WrapperContractTestsInner"], .object([.init("value", .reference("ContractTestsInner"))]))
    }

    func testAnEmptyStructIsAnEmptyObject() throws {
        let (_, declarations) = try describe(Empty.self)
        XCTAssertEqual(declarations["Empty"], .object([]))
        XCTAssertEqual(TypeScriptDeclaration(name: "Empty", type: .object([])).source, "export type Empty = Record<string, never>;\n")
    }

    func testJSONValueIsAnyJSON() throws {
        let (_, declarations) = try describe(AnyJSON.self)
        XCTAssertEqual(declarations["AnyJSON"], .object([.init("value", .reference("JSONValue")),
                                                         .init("extra", .record(.reference("JSONValue")), optional: true)]))
        XCTAssertEqual(declarations["JSONValue"]?.source(), "null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue }")
    }

    func testCodingKeysNameTheProperties() throws {
        let (_, declarations) = try describe(Renamed.self)
        XCTAssertEqual(declarations["Renamed"], .object([.init("first-name", .string), .init("on", .boolean)]))
        XCTAssertEqual(TypeScriptDeclaration(name: "Renamed", type: declarations["Renamed"]!).source,
                       "export interface Renamed {\n  \"first-name\": string;\n  on: boolean;\n}\n")
    }

    func testFoundationTypesAreTheirJSONForm() throws {
        let (_, declarations) = try describe(Misc.self)
        XCTAssertEqual(declarations["Misc"], .object([
            .init("link", .string), .init("bytes", .string), .init("id", .string), .init("amount", .number),
            .init("small", .number), .init("set", .array(.number)),
        ]))
    }

    func testAlternativeDecodingsBecomeAUnion() throws {
        let (_, declarations) = try describe(TextOrFields.self)
        XCTAssertEqual(declarations["TextOrFields"], .union([.string, .object([.init("city", .string, optional: true)])]))
        XCTAssertEqual(TypeScriptDeclaration(name: "T", type: declarations["TextOrFields"]!).source,
                       "export type T = string | {\n  city?: string;\n};\n")
    }

    func testAKeyAskedForNullIsNullable() throws {
        let (_, declarations) = try describe(NullableKey.self)
        XCTAssertEqual(declarations["NullableKey"], .object([.init("value", .union([.null, .number]))]))
    }

    func testTopLevelOptionalsAdmitNull() throws {
        let (type, _) = try describe(Optional<[Int]>.self)
        XCTAssertEqual(type, .union([.array(.number), .null]))
        XCTAssertEqual(type.source(), "number[] | null")
        XCTAssertEqual(TypeScriptType.array(type).source(), "(number[] | null)[]")
    }

    func testUnkeyedReadsAreTuplesOrArrays() throws {
        XCTAssertEqual(try describe(Pair.self).1["Pair"], .tuple([.number, .number]))
        XCTAssertEqual(try describe(Tokens.self).1["Tokens"], .array(.string))
    }

    func testAnEnumThatCannotListItsCasesIsRefusedWithAHint() {
        XCTAssertThrowsError(try describe(Unlisted.self)) { error in
            guard case .undecodable(let type, _) = error as? ContractError else { return XCTFail("\(error)") }
            XCTAssertTrue(type.hasSuffix("Unlisted"))
            XCTAssertTrue("\(error)".contains("CaseIterable"), "\(error)")
        }
    }

    func testNestedContainersAreRefusedNamingTheType() {
        XCTAssertThrowsError(try describe(Flattened.self)) { error in
            XCTAssertEqual(error as? ContractError, .unsupported(String(reflecting: Flattened.self), "nested containers in init(from:)"))
        }
    }

    func testEnumsWithAssociatedValuesAreRefusedNamingTheType() {
        XCTAssertThrowsError(try describe(Shape.self)) { error in
            guard case .undecodable(let type, _) = error as? ContractError else { return XCTFail("\(error)") }
            XCTAssertEqual(type, String(reflecting: Shape.self))
        }
    }

    func testDictionariesWithOtherKeysAreRefused() {
        XCTAssertThrowsError(try describe([Colour: Int].self)) { error in
            guard case .unsupported(_, let what) = error as? ContractError else { return XCTFail("\(error)") }
            XCTAssertEqual(what, "dictionary keys other than strings and integers")
        }
    }

    func testTypesNestedInDifferentTypesGetDifferentNames() throws {
        enum First { struct Item: Codable { var a: Int } }
        enum Second { struct Item: Codable { var b: Int } }
        struct Both: Codable { var first: First.Item; var second: Second.Item }
        let (_, declarations) = try describe(Both.self)
        XCTAssertEqual(declarations["ContractTestsFirstItem"], .object([.init("a", .number)]))
        XCTAssertEqual(declarations["ContractTestsSecondItem"], .object([.init("b", .number)]))
    }

    func testATypeNamedLikeAnotherDeclarationIsRefused() {
        XCTAssertThrowsError(try describe(Clash.self)) { error in
            guard case .nameClash(let name, _, _) = error as? ContractError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "BridgeDate")
        }
    }

    func testAContractIsWrittenAsMapsByNameWithOneGenericMethodEach() throws {
        let contract = BridgeContract("Demo", [
            .invoke("save", WithOptionals.self, Flat.self, summary: "Saves it."),
            .invoke("ping", Optional<Empty>.self),
            .binary("upload", meta: Flat.self),
            .binary("store", meta: Empty.self, answer: NoAnswer.self),
            .binary("thumbnail", request: Flat.self),
            .stream("tail", Empty.self, chunks: Colour.self),
            .stream("chunks", Flat.self),
            .event("ws.state", Colour.self),
        ])
        XCTAssertEqual(try contract.typeScript(generatedBy: "the test"), #"""
            // Generated from the Swift contract "Demo" by the test: do not edit.
            // A page types `window.bridge` with it (JSDoc in a script; a global of its own
            // named `bridge` also works: it shadows window.bridge, and window.webkit.bridge stays):
            //   /** @type {import("./contract").DemoBridge} */ const demo = window.bridge;

            export type Colour = "red" | "Green" | "say \"hi\"";

            export type Empty = Record<string, never>;

            export interface Flat {
              text: string;
              count: number;
              ratio: number;
              done: boolean;
            }

            export interface WithOptionals {
              id: string;
              note?: string;
              tags?: string[];
              score?: number;
            }

            /** What each handler takes (`invoke`, `post`) and answers. */
            export interface DemoHandlers {
              /** Saves it. */
              save: { payload: [payload: WithOptionals]; answer: Flat };
              ping: { payload: [payload?: Empty | null]; answer: null };
            }

            /** What each binary handler takes (`invokeBinary`: bytes and meta, or a JSON request) and answers. */
            export interface DemoBinaryHandlers {
              upload: { data: ArrayBuffer | ArrayBufferView | Blob | null; meta: [meta: Flat]; answer: ArrayBuffer };
              store: { data: ArrayBuffer | ArrayBufferView | Blob | null; meta: [meta: Empty]; answer: null };
              thumbnail: { data: Flat; meta: []; answer: ArrayBuffer };
            }

            /** What each stream takes (`stream`) and the chunks it yields. */
            export interface DemoStreams {
              tail: { payload: [payload: Empty]; chunk: Colour };
              chunks: { payload: [payload: Flat]; chunk: ArrayBuffer };
            }

            /** The payload of each event (`on`, `off`). */
            export interface DemoEvents {
              "ws.state": Colour;
            }

            /** A name `Map` lists, else a string no name is: tsc then says "Unknown handler: NAME". */
            type DemoKnown<Map, Name extends string, What extends string> = Name extends keyof Map ? Name : `Unknown ${What}: ${Name}`;

            /** `window.bridge` with the handlers, binary handlers, streams and events of "Demo". */
            export interface DemoBridge {
              invoke<Name extends string>(name: DemoKnown<DemoHandlers, Name, "handler">, ...payload: Name extends keyof DemoHandlers ? DemoHandlers[Name]["payload"] : [payload?: never]): Promise<Name extends keyof DemoHandlers ? DemoHandlers[Name]["answer"] : unknown>;
              post<Name extends string>(name: DemoKnown<DemoHandlers, Name, "handler">, ...payload: Name extends keyof DemoHandlers ? DemoHandlers[Name]["payload"] : [payload?: never]): void;
              invokeBinary<Name extends string>(name: DemoKnown<DemoBinaryHandlers, Name, "binary handler">, data: Name extends keyof DemoBinaryHandlers ? DemoBinaryHandlers[Name]["data"] : never, ...meta: Name extends keyof DemoBinaryHandlers ? DemoBinaryHandlers[Name]["meta"] : [meta?: never]): Promise<Name extends keyof DemoBinaryHandlers ? DemoBinaryHandlers[Name]["answer"] : unknown>;
              stream<Name extends string>(name: DemoKnown<DemoStreams, Name, "stream">, ...payload: Name extends keyof DemoStreams ? DemoStreams[Name]["payload"] : [payload?: never]): AsyncIterableIterator<Name extends keyof DemoStreams ? DemoStreams[Name]["chunk"] : unknown>;
              on<Name extends string>(event: DemoKnown<DemoEvents, Name, "event">, listener: (payload: Name extends keyof DemoEvents ? DemoEvents[Name] : never) => void): void;
              off<Name extends string>(event: DemoKnown<DemoEvents, Name, "event">, listener: (payload: Name extends keyof DemoEvents ? DemoEvents[Name] : never) => void): void;
            }

            /** `window.webkit.messageHandlers` with the handlers of "Demo", for WKWebView-style pages. */
            export type DemoMessageHandlers = {
              /** Saves it. */
              readonly save: { postMessage(message: WithOptionals): Promise<Flat> };
              readonly ping: { postMessage(message: Empty | null): Promise<null> };
            };

            """#)
    }

    func testAContractListingANameTwiceIsRefused() {
        let contract = BridgeContract("Demo", [.invoke("save", Flat.self), .invoke("save", Empty.self)])
        XCTAssertThrowsError(try contract.typeScript(generatedBy: "the test")) { XCTAssertEqual($0 as? ContractError, .duplicate("save")) }
    }
}
