package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.Arena;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** {@code vortex.varbin} segments written by the Rust reference (see {@code golden/make_golden.py}). */
class VarBinGoldenTest {
    @Test
    void randomBinaryWithNulls() {
        Golden.assertColumn("varbin/random_binary", VarBinEncoding.ID);
    }

    @Test
    void dictionaryValuesOfABinaryColumn() {
        // The full column needs the dictionary codes (bit-packed); the values segment is varbin and
        // holds exactly the distinct values, null included.
        try (VortexFile file = VortexFile.open(Golden.path("varbin/dict_values.vortex"))) {
            Layout.Zoned zoned = (Layout.Zoned) ((Layout.Struct) file.rootLayout()).fields().getFirst();
            Layout.Flat values = (Layout.Flat) ((Layout.Dict) zoned.data()).values();
            var array = io.jvortex.spi.SerializedArray.parse(file.segment(values.segmentId()),
                    file.segmentSpec(values.segmentId()).byteOffset(), file.arrayIds(), file.source(), values.path());
            assertThat(array.root().encodingId()).isEqualTo(VarBinEncoding.ID);
            Canonical decoded = Golden.decode(array, values.dtype(), (int) values.rowCount(), Arena.ofAuto());
            assertThat(decoded).isInstanceOf(VarBinArray.class);
            assertThat(decoded.dtype()).isEqualTo(new DType.Binary(true));
            var distinct = new LinkedHashSet<String>();
            Golden.expected("varbin/dict_values").forEach(v -> distinct.add(v == null ? "null" : java.util.HexFormat.of().formatHex(v)));
            List<String> got = TestData.values(decoded).stream()
                    .map(v -> v == null ? "null" : java.util.HexFormat.of().formatHex(v)).toList();
            assertThat(got).containsExactlyInAnyOrderElementsOf(distinct);
        }
    }

    @Test
    void dictionaryColumnInFull() {
        Golden.assertColumn("varbin/dict_values", VarBinEncoding.ID);
    }

    @Test
    void expectedFilesAreNotEmpty() {
        assertThat(Golden.expected("varbin/random_binary")).hasSize(200).anyMatch(Objects::isNull);
    }
}
