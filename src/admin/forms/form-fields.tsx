import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { InputField } from '../ui/field.tsx';
import { ImageField, type ImageFieldProps } from '../uploads/image-field.tsx';

type FormImageFieldProps<Values extends FieldValues> = Omit<ImageFieldProps, 'value' | 'onChange'> & {
  control: Control<Values>;
  name: Path<Values>;
};

/** An image field of an admin form (upload, drop or URL), bound to the form's value. */
export function FormImageField<Values extends FieldValues>({ control, name, ...props }: FormImageFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ImageField {...props} value={field.value} onChange={field.onChange} />}
    />
  );
}

type FormInputFieldProps<Values extends FieldValues> = Omit<Parameters<typeof InputField>[0], 'value' | 'onChange' | 'onBlur' | 'name'> & {
  control: Control<Values>;
  name: Path<Values>;
  /** The input's own name, when it must differ from the value's (so that browsers do not fill it in). */
  inputName: string;
};

/** A text input bound to the form by value rather than by its name attribute. */
export function FormInputField<Values extends FieldValues>({ control, name, inputName, ...props }: FormInputFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <InputField {...props} name={inputName} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
    />
  );
}

/** The image's description for blind visitors (its alt text), under an image field. */
export function ImageDescriptionField({
  fallback,
  ...props
}: Omit<React.ComponentProps<typeof InputField>, 'label' | 'hint'> & { fallback: string }) {
  return (
    <InputField
      label="What the image shows (optional)"
      hint={`Read out to visitors who cannot see the image; when empty, the ${fallback} is used.`}
      {...props}
    />
  );
}
