package io.jvortex.encoding.varbinview;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.encoding.varbin.Golden;
import io.jvortex.encoding.varbin.TestData;
import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;

/**
 * {@code vortex.varbinview} arrays serialized by the Rust reference ({@code Array.serialize}; the
 * default file writer stores uncompressed strings as {@code vortex.varbin}).
 */
class VarBinViewGoldenTest {
    @Test
    void nullableUnicodeViews() {
        var array = Golden.segment("varbinview/views_nullable");
        assertThat(array.root().encodingId()).isEqualTo(VarBinViewEncoding.ID);
        var expected = Golden.expected("varbinview/views_nullable");
        Canonical out = Golden.decode(array, new DType.Utf8(true), expected.size(), Arena.ofAuto());
        assertThat(out).isInstanceOf(VarBinViewArray.class);
        TestData.assertValues(out, expected);
    }

    @Test
    void binaryViews() {
        var array = Golden.segment("varbinview/views_binary");
        var expected = Golden.expected("varbinview/views_binary");
        Canonical out = Golden.decode(array, new DType.Binary(false), expected.size(), Arena.ofAuto());
        TestData.assertValues(out, expected);
    }
}
