package io.jvortex.internal.encodings.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.registry.EncodingRegistry;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The contract covers the registry: every array id of every edition (core and unstable) has a
 * registered encoding and a contract factory; every registered id has a factory; every id is either
 * written (by a named scheme of {@link BuiltinSchemes}, or by the canonical encoder) or listed here as
 * read-only with the reason. A new id fails here until it gets a factory and a row below.
 */
class EncodingContractMetaTest {
    /** Registered only in the test classpath (META-INF/services), never in a file. */
    private static final Set<String> TEST_ONLY = Set.of("test.service-loaded");

    /** Ids the writer emits, and the scheme that writes them ({@code canonical}: the canonical encoder). */
    static final Map<String, String> WRITTEN_BY = new TreeMap<>(Map.ofEntries(
            Map.entry("vortex.null", "canonical"),
            Map.entry("vortex.bool", "canonical"),
            Map.entry("vortex.primitive", "canonical"),
            Map.entry("vortex.decimal", "canonical"),
            Map.entry("vortex.varbinview", "canonical"),
            Map.entry("vortex.struct", "canonical"),
            Map.entry("vortex.list", "canonical"),
            Map.entry("vortex.listview", "canonical"),
            Map.entry("vortex.fixed_size_list", "canonical"),
            Map.entry("vortex.ext", "canonical"),
            Map.entry("vortex.map", "canonical"),
            Map.entry("vortex.varbin", "string.varbin"),
            Map.entry("vortex.constant", "int.constant"),
            Map.entry("vortex.masked", "int.constant"),
            Map.entry("vortex.dict", "int.dict"),
            Map.entry("vortex.sparse", "int.sparse"),
            Map.entry("vortex.runend", "int.runend"),
            Map.entry("vortex.sequence", "int.sequence"),
            Map.entry("vortex.zigzag", "int.zigzag"),
            Map.entry("vortex.alp", "float.alp"),
            Map.entry("vortex.alprd", "float.alprd"),
            Map.entry("vortex.datetimeparts", "ext.temporal"),
            Map.entry("vortex.decimal_byte_parts", "decimal.byte_parts"),
            Map.entry("vortex.decimal_byte_parts.v2", "decimal.byte_parts"),
            Map.entry("vortex.fsst", "string.fsst"),
            Map.entry("vortex.onpair", "string.onpair"),
            Map.entry("fastlanes.bitpacked", "int.bitpacked"),
            Map.entry("fastlanes.bitpacked.v2", "int.bitpacked"),
            Map.entry("fastlanes.for", "int.for"),
            Map.entry("fastlanes.for.v2", "int.for"),
            Map.entry("fastlanes.rle", "int.rle"),
            Map.entry("vortex.zstd", "vortex.string.zstd"),
            Map.entry("vortex.pco", "pco")));

    /** Ids jvortex reads but does not write, and why. */
    static final Map<String, String> READ_ONLY = new TreeMap<>(Map.of(
            "vortex.chunked", "chunks are written as chunked layouts (one flat segment per chunk), never as an array",
            "vortex.bytebool", "booleans are written as vortex.bool; the reference's compressor has no byte-bool scheme",
            "fastlanes.delta", "no delta scheme yet (the reference writes it in unstable2026.10.0 files on request)",
            "vortex.variant", "writing variant arrays is not supported yet (CanonicalEncoder rejects them)",
            "vortex.parquet.variant", "writing variant arrays is not supported yet (CanonicalEncoder rejects them)",
            "vortex.union", "no 0.91/0.93 writer path produces unions (Arrow unions are rejected)"));

    @Test
    void everyEditionIdHasAnEncodingAndAFactory() {
        EncodingRegistry registry = EncodingRegistry.defaults();
        for (Edition edition : Edition.values()) {
            for (String id : edition.arrayIds()) {
                assertThat(registry.find(id)).as(id + " of " + edition.id() + " is registered").isNotNull();
                assertThat(Factories.all()).as(id + " of " + edition.id() + " has a contract factory").containsKey(id);
            }
        }
    }

    @Test
    void everyRegisteredIdHasAFactoryAndNoFactoryIsStray() {
        Set<String> registered = new TreeSet<>(EncodingRegistry.defaults().ids());
        registered.removeAll(TEST_ONLY);
        assertThat(Factories.all().keySet()).as("contract factories").containsExactlyInAnyOrderElementsOf(registered);
        assertThat(registered).as("built-ins").hasSizeGreaterThanOrEqualTo(39);
    }

    @Test
    void everyIdIsWrittenByANamedSchemeOrListedAsReadOnly() {
        Set<String> both = new HashSet<>(WRITTEN_BY.keySet());
        both.retainAll(READ_ONLY.keySet());
        assertThat(both).as("ids both written and read-only").isEmpty();
        Set<String> classified = new TreeSet<>(WRITTEN_BY.keySet());
        classified.addAll(READ_ONLY.keySet());
        Set<String> editions = new TreeSet<>(Edition.UNSTABLE2026_10_0.arrayIds());
        assertThat(classified).as("every edition id is classified as written or read-only")
                .containsAll(editions);
        assertThat(classified).as("classified ids").containsExactlyInAnyOrderElementsOf(Factories.all().keySet());
        Set<String> schemeNames = new TreeSet<>();
        for (Scheme s : BuiltinSchemes.defaults()) {
            schemeNames.add(s.name());
        }
        for (Scheme s : BuiltinSchemes.compact()) {
            schemeNames.add(s.name());
        }
        schemeNames.add("canonical");
        WRITTEN_BY.forEach((id, scheme) -> assertThat(schemeNames).as("the scheme writing " + id).contains(scheme));
    }
}
