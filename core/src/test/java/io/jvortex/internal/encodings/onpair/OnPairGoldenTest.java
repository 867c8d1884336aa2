package io.jvortex.internal.encodings.onpair;

import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.encodings.varbin.TestData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code vortex.onpair} columns written by the Rust reference (see {@code golden/make_golden.py}). */
class OnPairGoldenTest {
    @ParameterizedTest
    @ValueSource(strings = {"urls", "urls_nullable", "sentences_compressed_children"})
    void decodesRustWrittenColumns(String name) {
        Golden.assertColumn("onpair/" + name, OnPairEncoding.ID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"urls", "urls_nullable"})
    void readsThroughTheScanApi(String name) {
        TestData.assertValues(Golden.scanColumn("onpair/" + name), Golden.expected("onpair/" + name));
    }
}
