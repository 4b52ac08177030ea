package lcm.annotate;

import java.util.List;

/**
 * The models fitted for one fragment tag: one per category with non-zero data, in category
 * order ({@code pc li ip sl cl rc}).
 *
 * @param variables  the variables the models may depend on (those with two or more values in the data)
 * @param zero       the categories measured as 0 everywhere, which get no model line
 * @param points     the number of measurements of the fragment
 */
record FragmentModel(String tag, List<String> variables, List<CategoryModel> categories, List<String> zero, int points) {

    FragmentModel {
        variables = List.copyOf(variables);
        categories = List.copyOf(categories);
        zero = List.copyOf(zero);
    }
}
