// Types of password-rules.js, which the browser loads as it is (no build step).
export declare const PASSWORD_MIN: number;
export declare const PASSWORD_MAX: number;
export declare function checkNewPassword(
  password: string,
  confirmPassword: string,
  minLength?: number,
): { message: string; details: { path: string; message: string }[] } | undefined;
