import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
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
