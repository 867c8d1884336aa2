package io.jvortex.internal.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The typed scheme ids: one constant per built-in scheme, each the id of exactly one scheme. */
class SchemeIdTest {
    private static Set<SchemeId> constants() throws IllegalAccessException {
        Set<SchemeId> ids = new HashSet<>();
        for (Field f : SchemeId.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == SchemeId.class) {
                ids.add((SchemeId) f.get(null));
            }
        }
        return ids;
    }

    @Test
    void everyConstantIsTheIdOfExactlyOneBuiltinScheme() throws IllegalAccessException {
        List<Scheme> all = new ArrayList<>(BuiltinSchemes.defaults());
        all.addAll(BuiltinSchemes.compact());
        List<SchemeId> ids = all.stream().map(Scheme::id).toList();
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(new HashSet<>(ids)).isEqualTo(constants());
        assertThat(constants()).hasSize(29);
    }

    @Test
    void labelsAreTheStableNames() {
        assertThat(SchemeId.INT_DICT.label()).isEqualTo("int.dict");
        assertThat(SchemeId.INT_DICT).isEqualTo(new SchemeId("int.dict"));
        assertThat(BuiltinSchemes.defaults()).anyMatch(s -> s.id() == SchemeId.INT_RUNEND
                && s.name().equals("int.runend"));
    }
}
