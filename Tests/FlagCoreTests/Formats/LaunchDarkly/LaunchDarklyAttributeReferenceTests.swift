import Foundation
import Testing

@testable import FlagCore

/// Attribute references: a plain name without a context kind, a JSON pointer with one.
@Suite("LaunchDarkly: attribute references")
struct LaunchDarklyAttributeReferenceTests {
    @Test(
        "What each text refers to, and the device path it is read at",
        arguments: [
            ("email", false, ["email"], "email"), ("/attr/a", false, ["/attr/a"], "attr/a"),
            ("attr/a", true, ["attr/a"], "attr/a"), ("/attr1/prop1", true, ["attr1", "prop1"], "attr1/prop1"),
            ("/attr~1a", true, ["attr/a"], "attr/a"), ("/attr~0a", true, ["attr~a"], "attr~a"),
            ("/a~01", true, ["a~1"], "a~1"), ("attr~a", true, ["attr~a"], "attr~a"), ("/", false, ["/"], ""),
        ])
    func reads(text: String, isReference: Bool, components: [String], device: String) {
        let reference = LaunchDarklyAttributeReference(text, isReference: isReference)
        #expect(reference.error == nil)
        #expect(reference.components == components)
        #expect(reference.deviceSuffix == device)
    }

    @Test(
        "References the SDKs refuse (evaluating them is MALFORMED_FLAG)",
        arguments: [
            ("", false), ("", true), ("/", true), ("///", true), ("/a//b", true), ("/a/", true), ("/a~b", true),
            ("/a~", true),
        ])
    func refuses(text: String, isReference: Bool) {
        let reference = LaunchDarklyAttributeReference(text, isReference: isReference)
        #expect(reference.error != nil)
        #expect(reference.components.isEmpty)
    }

    @Test("`kind` alone is the context's kind; a path through it is not")
    func kind() {
        #expect(LaunchDarklyAttributeReference("kind", isReference: false).isKind)
        #expect(LaunchDarklyAttributeReference("/kind", isReference: true).isKind)
        #expect(!LaunchDarklyAttributeReference("/kind/x", isReference: true).isKind)
    }
}
