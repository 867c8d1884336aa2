package io.jvortex.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void parsesAndWritesBack() {
        String text = "{\"a\":1,\"b\":[true,false,null],\"c\":\"x\\\"\\u00e9\\n\",\"d\":1.5e-3,"
                + "\"e\":18446744073709551615,\"f\":{}}";
        Map<String, Object> value = Json.parseObject(text);
        assertThat(value.get("a")).isEqualTo(1L);
        assertThat(value.get("b")).isEqualTo(Arrays.asList(true, false, null));
        assertThat(value.get("c")).isEqualTo("x\"é\n");
        assertThat(value.get("d")).isEqualTo(new BigDecimal("1.5e-3"));
        assertThat(value.get("e")).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(Json.toJson(value)).isEqualTo(
                "{\"a\":1,\"b\":[true,false,null],\"c\":\"x\\\"é\\n\",\"d\":0.0015,\"e\":18446744073709551615,\"f\":{}}");
    }

    @Test
    void rejectsMalformedText() {
        assertThatThrownBy(() -> Json.parse("{\"a\":}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.parse("[1,2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.parse("1 2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.parseObject("[]")).isInstanceOf(IllegalArgumentException.class);
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("x", new Object());
        assertThatThrownBy(() -> Json.toJson(map)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Json.toJson(List.of())).isEqualTo("[]");
    }
}
